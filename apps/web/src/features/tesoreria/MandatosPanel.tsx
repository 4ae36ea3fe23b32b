import { ESQUEMAS_SEPA, ESTADOS_MANDATO, formatDate, SECUENCIAS_SEPA } from '@faro/domain';
import { Badge, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { ligarSelect, ligarTexto, useErroresCampo } from '../../ui/form/erroresCampo.ts';
import { TablaSimple } from '../../ui/TablaSimple.tsx';
import { CampoFecha } from './MovimientosScreen.tsx';
import { abrirPdf, hoyIso, useRefrescar } from './tesoreriaModel.ts';

export interface Mandato {
  Id: number;
  IdCliente: number;
  Cliente?: string;
  Referencia: string;
  IBAN: string;
  BIC: string | null;
  FechaFirma: string;
  Esquema: string;
  Secuencia: string;
  Estado: string;
  Motivo: string | null;
}

const COLOR: Record<string, string> = { activo: 'green', bloqueado: 'red', cancelado: 'gray' };

/** SEPA mandates (of one customer when `idCliente`): list, new or edit, printable PDF for signature. */
export function MandatosPanel({ idCliente }: { idCliente?: number }) {
  const { info } = useReady();
  const [editar, setEditar] = useState<Mandato | 'nuevo' | null>(null);
  const params = {
    Pagina: 1,
    TotalPagina: 200,
    ...(idCliente ? { Filtros: JSON.stringify({ IdCliente: idCliente }) } : {}),
  };
  const lista = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'mandatos', params),
    queryFn: () => api.get<ListAnswer<Mandato>>('tesoreria/mandatos/list', { params }),
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>Mandatos SEPA</Text>
        <BotonProtegido permiso="TesoRemesa" accion="crear" size="sm" onClick={() => setEditar('nuevo')}>
          Nuevo mandato
        </BotonProtegido>
      </Group>
      <TablaSimple
        minWidth={560}
        striped
        data-testid="lista-mandatos"
        columnas={[
          'Referencia',
          ...(idCliente ? [] : ['Cliente']),
          'IBAN',
          'Firma',
          'Esquema',
          'Estado',
          { titulo: '', clave: 'acciones' },
        ]}
      >
        {(lista.data?.Items ?? []).map((m) => (
          <Table.Tr key={m.Id}>
            <Table.Td>
              <Button variant="subtle" size="compact-sm" onClick={() => setEditar(m)}>
                {m.Referencia}
              </Button>
            </Table.Td>
            {!idCliente && <Table.Td>{m.Cliente}</Table.Td>}
            <Table.Td>{m.IBAN}</Table.Td>
            <Table.Td>{formatDate(m.FechaFirma)}</Table.Td>
            <Table.Td>
              {m.Esquema} · {m.Secuencia}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={COLOR[m.Estado]}>
                {ESTADOS_MANDATO.find((e) => e.value === m.Estado)?.label ?? m.Estado}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" onClick={() => abrirPdf(`tesoreria/mandatos/pdf/${m.Id}`)}>
                PDF para firmar
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </TablaSimple>
      {lista.data && !lista.data.Items.length && <Text c="dimmed">No hay mandatos</Text>}
      {editar && (
        <EditorMandato
          mandato={editar === 'nuevo' ? null : editar}
          idCliente={idCliente}
          onClose={() => setEditar(null)}
        />
      )}
    </Stack>
  );
}

function EditorMandato({
  mandato,
  idCliente,
  onClose,
}: {
  mandato: Mandato | null;
  idCliente?: number | undefined;
  onClose: () => void;
}) {
  const { info } = useReady();
  const refrescar = useRefrescar();
  const params = { Pagina: 1, TotalPagina: 200 };
  const clientes = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'clientes', { lookup: 1 }),
    queryFn: () => api.get<ListAnswer<{ Id: number; Nombre: string }>>('ventas/clientes/lookup', { params }),
    enabled: !idCliente,
  });
  const [v, setV] = useState({
    IdCliente: String(mandato?.IdCliente ?? idCliente ?? ''),
    Referencia: mandato?.Referencia ?? '',
    IBAN: mandato?.IBAN ?? '',
    BIC: mandato?.BIC ?? '',
    FechaFirma: mandato?.FechaFirma ?? hoyIso(),
    Esquema: mandato?.Esquema ?? 'CORE',
    Secuencia: mandato?.Secuencia ?? 'FRST',
    Estado: mandato?.Estado ?? 'activo',
  });
  const { errores, intentar } = useErroresCampo();
  const texto = ligarTexto(v, setV, errores);
  const select = ligarSelect(v, setV, errores);
  const guardar = () =>
    intentar(async () => {
      const body = { ...v, Referencia: v.Referencia || null, IBAN: v.IBAN || null, BIC: v.BIC || null };
      if (mandato) await api.put(`tesoreria/mandatos/save/${mandato.Id}`, body);
      else await api.post('tesoreria/mandatos/save', body);
      notifySuccess('El mandato se ha guardado correctamente');
      await refrescar();
      onClose();
    });
  return (
    <Modal opened onClose={onClose} title={mandato ? `Mandato ${mandato.Referencia}` : 'Nuevo mandato SEPA'} size="lg">
      <Stack gap="sm">
        {!idCliente && (
          <Select
            label="Cliente"
            withAsterisk
            searchable
            data={(clientes.data?.Items ?? []).map((c) => ({ value: String(c.Id), label: c.Nombre }))}
            {...select('IdCliente')}
          />
        )}
        <TextInput label="Referencia" description="Vacía: el código del cliente y un número" {...texto('Referencia')} />
        <Group grow align="flex-start">
          <TextInput label="IBAN" description="Vacío: el del cliente" {...texto('IBAN')} />
          <TextInput label="BIC" {...texto('BIC')} />
        </Group>
        <CampoFecha label="Fecha de firma" {...select('FechaFirma')} />
        <Group grow align="flex-start">
          <Select label="Esquema" data={[...ESQUEMAS_SEPA]} allowDeselect={false} {...select('Esquema')} />
          <Select label="Secuencia" data={[...SECUENCIAS_SEPA]} allowDeselect={false} {...select('Secuencia')} />
          <Select label="Estado" data={[...ESTADOS_MANDATO]} allowDeselect={false} {...select('Estado')} />
        </Group>
        {mandato?.Motivo && (
          <Text size="sm" c="dimmed">
            Motivo: {mandato.Motivo}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <BotonProtegido permiso="TesoRemesa" accion={mandato ? 'editar' : 'crear'} onClick={guardar}>
            Guardar
          </BotonProtegido>
        </Group>
      </Stack>
    </Modal>
  );
}
