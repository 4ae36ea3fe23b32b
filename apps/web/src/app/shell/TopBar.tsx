import { showCentreSelector, showEnrolmentSelector } from '@faro/domain';
import { ActionIcon, Burger, Group, Select, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { Campana } from '../../features/notificaciones/Campana.tsx';
import { useReady, useSession } from '../../platform/session/SessionProvider.tsx';
import { FaroLogo, IconHelp } from '../../ui/icons.tsx';
import { CompanySwitcher } from './CompanySwitcher.tsx';
import { TestBanner } from './TestBanner.tsx';
import { UserMenu } from './UserMenu.tsx';

/** A choice of the top bar (centre, enrolment): small, named for screen readers, always one chosen. */
function SelectorBarra(p: {
  nombre: string;
  w: number;
  value: string;
  data: { value: string; label: string }[];
  elegir: (v: string) => void;
}) {
  return (
    <Select
      aria-label={p.nombre}
      size="xs"
      w={p.w}
      allowDeselect={false}
      value={p.value}
      data={p.data}
      onChange={(v) => v && p.elegir(v)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function TopBar({
  banner,
  menuOpened,
  onToggleMenu,
}: {
  banner: boolean;
  menuOpened: boolean;
  onToggleMenu?: () => void;
}) {
  const { info, centro, matricula } = useReady();
  const { setCentro, setMatricula } = useSession();
  const matriculas = info.Matriculas ?? [];
  const centros = info.Centros.map((c) => ({ value: c.Val, label: c.Desc }));
  const opcionesMatricula = matriculas.map((m) => ({ value: m.Codigo, label: m.Desc }));
  return (
    <>
      {banner && <TestBanner />}
      <Group h={56} px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          {onToggleMenu && (
            <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="sm" size="sm" aria-label="Abrir el menú" />
          )}
          <UnstyledButton component={Link} to="/" aria-label="Faro, ir al inicio">
            <Group gap={8} wrap="nowrap">
              <FaroLogo />
              <Text fw={700} size="lg" c="faro.8">
                Faro
              </Text>
            </Group>
          </UnstyledButton>
          <Text size="sm" c="dimmed" truncate visibleFrom="sm" data-testid="company-name">
            {info.NombreEmpresa}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {info.IdEmpresa > 0 && <CompanySwitcher />}
          {showCentreSelector(info) && (
            <SelectorBarra nombre="Centro" w={150} value={centro} data={centros} elegir={setCentro} />
          )}
          {showEnrolmentSelector(info, matriculas.length) && (
            <SelectorBarra
              nombre="Matrícula"
              w={180}
              value={matricula}
              data={opcionesMatricula}
              elegir={setMatricula}
            />
          )}
          {info.Roles.includes('usuario') && (
            <Tooltip label="Videotutoriales">
              <ActionIcon
                component={Link}
                to="/videotutoriales/lista"
                variant="subtle"
                color="gray"
                aria-label="Videotutoriales"
                visibleFrom="xs"
              >
                <IconHelp size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          {info.IdEmpresa > 0 && <Campana />}
          <UserMenu />
        </Group>
      </Group>
    </>
  );
}
