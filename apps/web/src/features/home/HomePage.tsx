import {
  ACCOUNT_TYPE_LABELS,
  ESTADO_FICHAJE_LABELS,
  isTimeClockUser,
  levelIn,
  menuHref,
  ROLE_LABELS,
  ROUTE_TABLES,
  userMenuItems,
  visibleMenu,
} from '@faro/domain';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { PanelOficina } from './PanelOficina.tsx';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500} data-testid={testId}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** The home page ('') of each role: who I am, company, centre, time-clock state and shortcuts. */
export function HomePage() {
  const { info, table, centro, matricula } = useReady();
  const menu = visibleMenu(ROUTE_TABLES[table].menu, info, centro);
  const shortcuts = menu.flatMap((g) => g.entries).slice(0, 12);
  const personal = userMenuItems(info).filter((i) => i.href);
  const centreName = info.Centros.find((c) => c.Val === centro)?.Desc ?? '';
  const enrolment = info.Matriculas?.find((m) => m.Codigo === matricula)?.Desc;
  const clock = isTimeClockUser(info);
  // Office users who see sales get the company dashboard; every other role keeps the page as it was.
  const oficina = info.Roles.includes('usuario') && levelIn(info, 'VentasFact', centro) >= 1;
  const datos = (
    <Card withBorder radius="lg" padding="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        <Fact label="Usuario" value={info.UserName} testId="home-usuario" />
        <Fact label="Empresa" value={info.NombreEmpresa} testId="home-empresa" />
        <Fact label="Centro" value={centreName} testId="home-centro" />
        <Fact label="Tipo de cuenta" value={ACCOUNT_TYPE_LABELS[info.TipoCuenta]} />
        {enrolment && <Fact label="Matrícula" value={enrolment} />}
      </SimpleGrid>
      <Group gap={6} mt="md">
        {info.Roles.map((r) => (
          <Badge key={r} variant="light">
            {ROLE_LABELS[r]}
          </Badge>
        ))}
        {info.Propietario && (
          <Badge variant="light" color="grape">
            Propietario
          </Badge>
        )}
      </Group>
    </Card>
  );
  return (
    <Stack gap={oficina ? 'md' : 'lg'} maw={1280}>
      {/* One line: the figures (or the person's facts) come right under it. */}
      <Group gap="xs" align="baseline" wrap="wrap">
        <Title order={1} fz="h3">
          Hola, {info.NombreUsuario || info.UserName}
        </Title>
        <Text c="dimmed" size="sm">
          {[info.NombreEmpresa, centreName].filter(Boolean).join(' · ')}
        </Text>
      </Group>
      {/* Office users who see sales get the company's figures first (it keeps its place while they load). */}
      {oficina && <PanelOficina empresa={info.IdEmpresa} />}
      {!oficina && datos}
      {clock && (
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Registro horario
              </Text>
              <Text fw={600} data-testid="home-fichaje">
                {ESTADO_FICHAJE_LABELS[info.EstadoFichaje ?? '']}
              </Text>
            </div>
            <Anchor component={Link} to="/usuario/fichajes">
              Ir a mis fichajes
            </Anchor>
          </Group>
        </Card>
      )}
      {shortcuts.length > 0 && (
        <div>
          <Title order={2} fz="h4" mb="sm">
            Accesos directos
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {shortcuts.map((e) => (
              <Card key={e.id} component={Link} to={menuHref(e)} withBorder radius="md" padding="md">
                <Text fw={500}>{e.name}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </div>
      )}
      {personal.length > 0 && (
        <Group gap="md">
          {personal.map((i) => (
            <Anchor key={i.key} component={Link} to={i.href as string} size="sm">
              {i.label}
            </Anchor>
          ))}
        </Group>
      )}
      {oficina && datos}
    </Stack>
  );
}
