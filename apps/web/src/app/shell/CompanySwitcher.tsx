import type { InfoEmpresa } from '@faro/domain';
import { ActionIcon, Button, Menu, Select, Tooltip } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useReady, useSession } from '../../platform/session/SessionProvider.tsx';
import { IconBriefcase, IconSwitch } from '../../ui/icons.tsx';

type Empresa = InfoEmpresa['Empresas'][number];

/** The switcher's groups: the companies served as an adviser first, then the firm and the user's own companies. */
export function gruposEmpresas(empresas: readonly Empresa[]) {
  const item = (e: Empresa) => ({ value: String(e.Id), label: e.Nombre });
  const clientes = empresas.filter((e) => e.Relacion === 'cliente').map(item);
  const propias = empresas.filter((e) => e.Relacion !== 'cliente').map(item);
  return [
    ...(clientes.length ? [{ group: 'Clientes de la asesoría', items: clientes }] : []),
    ...(propias.length ? [{ group: clientes.length ? 'Mis empresas' : 'Empresas', items: propias }] : []),
  ];
}

/**
 * Top bar: a company switcher for people with several companies (searchable, keyboard-driven Select) and, for an
 * adviser working inside a client, the way back to the firm's work queue in one click (the firm's landing).
 */
export function CompanySwitcher() {
  const { info } = useReady();
  const { changeCompany } = useSession();
  const [cambiando, setCambiando] = useState(false);
  const firma = info.Empresas.find((e) => e.Relacion === 'asesoria');
  const cola = firma && firma.Id !== info.IdEmpresa ? firma : undefined;
  const cambiar = (id: number) => {
    setCambiando(true);
    changeCompany(id).catch(() => setCambiando(false));
  };
  return (
    <>
      {cola && (
        <>
          <Button
            size="xs"
            variant="light"
            visibleFrom="md"
            leftSection={<IconBriefcase size={16} />}
            loading={cambiando}
            onClick={() => cambiar(cola.Id)}
          >
            Cola de trabajo
          </Button>
          <Tooltip label="Cola de trabajo">
            <ActionIcon
              variant="light"
              hiddenFrom="md"
              aria-label="Cola de trabajo"
              loading={cambiando}
              onClick={() => cambiar(cola.Id)}
            >
              <IconBriefcase size={18} />
            </ActionIcon>
          </Tooltip>
        </>
      )}
      {info.Empresas.length > 1 && (
        // On a phone an icon opens the same list as a menu (arrow keys move, Enter picks): the top bar keeps its width.
        <Menu position="bottom-end" width={260} withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              hiddenFrom="sm"
              aria-label="Cambiar de empresa"
              loading={cambiando}
            >
              <IconSwitch size={20} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {gruposEmpresas(info.Empresas).map((g) => (
              <Fragment key={g.group}>
                <Menu.Label>{g.group}</Menu.Label>
                {g.items.map((e) => (
                  <Menu.Item
                    key={e.value}
                    disabled={Number(e.value) === info.IdEmpresa}
                    onClick={() => cambiar(Number(e.value))}
                  >
                    {e.label}
                  </Menu.Item>
                ))}
              </Fragment>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {info.Empresas.length > 1 && (
        <Select
          visibleFrom="sm"
          aria-label="Cambiar de empresa"
          size="xs"
          w={220}
          searchable
          allowDeselect={false}
          nothingFoundMessage="Ninguna empresa con ese nombre"
          value={String(info.IdEmpresa)}
          data={gruposEmpresas(info.Empresas)}
          disabled={cambiando}
          onChange={(v) => v && Number(v) !== info.IdEmpresa && cambiar(Number(v))}
          comboboxProps={{ withinPortal: true, width: 280, position: 'bottom-end' }}
        />
      )}
    </>
  );
}
