import { formatAmount, LEVEL_FOR_ACTION, levelIn } from '@faro/domain';
import { Alert, Anchor, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { DebouncedText } from '../../ui/fields/filters.tsx';
import { FilaCompacta } from '../../ui/list/FilaCompacta.tsx';
import { FiltroSelect } from '../../ui/list/listFilters.tsx';
import { PagedList } from '../../ui/list/PagedList.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ConfiguracionTicketBai } from './ConfiguracionTicketBai.tsx';
import { EstadoTbaiBadge } from './QrTicketBai.tsx';
import {
  CLASES_TBAI,
  ENTIDAD_TBAI,
  ESTADOS_TBAI_VISTA,
  type EstadoTbai,
  type EstadoTbaiVista,
  type FicheroFila,
  fechaHoraTexto,
  fechaTexto,
  numeroTexto,
  RUTA_TBAI,
} from './ticketbaiModel.ts';

// The TicketBAI queue (lroefactemitidas/lista): each issued invoice's signed file, its state at the Diputación.
export function ColaTicketBai({ titulo }: { titulo: string }) {
  usePageTitle(titulo);
  const { info, centro } = useReady();
  const level = levelIn(info, 'ImptoEmit', centro);
  const client = useQueryClient();
  const [config, setConfig] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const list = usePagedList<FicheroFila>({
    entidad: ENTIDAD_TBAI,
    path: `${RUTA_TBAI}/list`,
    filters: ['buscar', 'estado', 'clase'],
    filtros: (v) => ({
      ...(v.buscar?.trim() ? { Buscar: v.buscar.trim() } : {}),
      ...(v.estado ? { Estado: v.estado } : {}),
      ...(v.clase ? { Clase: v.clase } : {}),
    }),
  });
  const envio = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, ENTIDAD_TBAI), 'estado'],
    queryFn: () => api.get<EstadoTbaiVista>(`${RUTA_TBAI}/estado`, { background: true }),
  });
  const refrescar = () => client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, ENTIDAD_TBAI) });
  const enviarAhora = async () => {
    setEnviando(true);
    try {
      const r = await api.post<{ Enviados: number; Aceptados: number; Rechazados: number; Error: string | null }>(
        `${RUTA_TBAI}/enviar`,
        {},
      );
      notifySuccess(
        r.Error
          ? `Envío interrumpido: ${r.Error}`
          : `Envío a la Diputación realizado: ${r.Aceptados} aceptados, ${r.Rechazados} rechazados`,
      );
    } catch {
      // the toast shows the error
    } finally {
      setEnviando(false);
      await refrescar();
    }
  };
  const e = envio.data;
  const columns: DataTableColumn<FicheroFila>[] = [
    {
      accessor: 'Numero',
      title: 'Factura',
      render: (r) => (
        <Anchor
          component={Link}
          to={`/lroefactemitidas/editar/${r.Id}`}
          size="sm"
          fw={600}
          onClick={(ev) => ev.stopPropagation()}
        >
          {numeroTexto(r)}
        </Anchor>
      ),
    },
    { accessor: 'Fecha', title: 'Fecha', width: 105, render: (r) => fechaTexto(r.Fecha) },
    { accessor: 'Clase', title: 'Fichero', width: 100, render: (r) => CLASES_TBAI[r.Clase] ?? r.Clase },
    {
      accessor: 'Identificador',
      title: 'Identificador TBAI',
      render: (r) => (
        <Text size="xs" ff="monospace">
          {r.Identificador ?? '—'}
        </Text>
      ),
    },
    {
      accessor: 'ImporteTotal',
      title: 'Importe',
      textAlign: 'right',
      width: 110,
      render: (r) => (r.ImporteTotal === null ? '—' : <b>{formatAmount(r.ImporteTotal)}</b>),
    },
    {
      accessor: 'Estado',
      title: 'Estado',
      width: 170,
      render: (r) => <EstadoFichero fichero={r} />,
    },
  ];
  return (
    <PagedList<FicheroFila>
      list={list}
      title={titulo}
      actions={
        <>
          <Button variant="default" onClick={() => setConfig(true)}>
            Configuración
          </Button>
          {level >= LEVEL_FOR_ACTION.update && (
            <Button onClick={enviarAhora} loading={enviando} disabled={!e?.Destino || !e.Certificado}>
              Enviar ahora
            </Button>
          )}
        </>
      }
      intro={e && <PanelEnvio estado={e} />}
      filterCols={{ base: 1, sm: 3 }}
      filters={
        <>
          <DebouncedText
            label="Buscar"
            placeholder="Número o identificador"
            value={list.values.buscar ?? ''}
            onChange={(v) => list.set({ buscar: v })}
          />
          <FiltroSelect
            label="Estado"
            data={Object.entries(ESTADOS_TBAI_VISTA).map(([value, { label }]) => ({ value, label }))}
            value={list.values.estado ?? ''}
            onChange={(v) => list.set({ estado: v })}
          />
          <FiltroSelect
            label="Fichero"
            data={Object.entries(CLASES_TBAI).map(([value, label]) => ({ value, label }))}
            value={list.values.clase ?? ''}
            onChange={(v) => list.set({ clase: v })}
          />
        </>
      }
      columns={columns}
      compact={(r) => (
        <FilaCompacta
          titulo={`${numeroTexto(r)} · ${fechaTexto(r.Fecha)}`}
          valor={r.ImporteTotal === null ? null : formatAmount(r.ImporteTotal)}
        >
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              {CLASES_TBAI[r.Clase]}
            </Text>
            <EstadoFichero fichero={r} />
          </Group>
        </FilaCompacta>
      )}
      rowHref={(r) => `/lroefactemitidas/editar/${r.Id}`}
      noRecordsText="No hay ficheros TicketBAI"
      after={
        <Modal opened={config} onClose={() => setConfig(false)} title="Configuración TicketBAI" size="lg">
          {config && <ConfiguracionTicketBai editable={level >= 3} onSaved={refrescar} />}
        </Modal>
      }
    />
  );
}

function EstadoFichero({ fichero: r }: { fichero: FicheroFila }) {
  return (
    <Group gap={4}>
      <EstadoTbaiBadge estado={r.Estado} />
      {r.CodigoError !== null && (
        <Badge size="sm" variant="outline" color="red">
          {r.CodigoError}
        </Badge>
      )}
    </Group>
  );
}

function PanelEnvio({ estado: e }: { estado: EstadoTbaiVista }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap={6}>
        <Group gap="xs">
          {(Object.keys(ESTADOS_TBAI_VISTA) as EstadoTbai[]).map((k) => (
            <Badge key={k} variant="light" color={ESTADOS_TBAI_VISTA[k].color}>
              {ESTADOS_TBAI_VISTA[k].label}: {e.Cuentas[k] ?? 0}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {e.ProvinciaNombre} · Destino:{' '}
          {e.Destino === 'real'
            ? `servicio de la Diputación (${e.Entorno === 'produccion' ? 'producción' : 'pruebas'})`
            : (e.Destino ?? 'sin configurar (los ficheros se guardan y se enviarán al configurarlo)')}{' '}
          · Certificado: {e.Certificado ? 'cargado' : 'no cargado'}
          {e.UltimoEnvio && ` · Último envío ${fechaHoraTexto(e.UltimoEnvio)}`}
        </Text>
        {!e.Certificado && (
          <Alert color="orange" variant="light" p="xs">
            Sin certificado no se pueden firmar ni emitir facturas: súbelo en Configuración.
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
