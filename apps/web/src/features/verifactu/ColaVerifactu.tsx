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
import { ConfiguracionVerifactu } from './ConfiguracionVerifactu.tsx';
import { EstadoBadge } from './QrVerifactu.tsx';
import {
  CLASES_VF,
  ENTIDAD_VF,
  ESTADOS_VF,
  type EstadoEnvioVista,
  type EstadoVf,
  fechaAeatTexto,
  fechaHoraTexto,
  huellaCorta,
  PERMISO_VF,
  type RegistroFila,
  RUTA_VF,
  type VerificacionVista,
} from './verifactuModel.ts';

// The queue of VeriFactu records (fventaverifactu/lista): states, filters, send now, chain check, settings.
export function ColaVerifactu() {
  usePageTitle('Registros VeriFactu');
  const { info, centro } = useReady();
  const level = levelIn(info, PERMISO_VF, centro);
  const client = useQueryClient();
  const [config, setConfig] = useState(false);
  const [verificacion, setVerificacion] = useState<VerificacionVista | null>(null);
  const [enviando, setEnviando] = useState(false);
  const list = usePagedList<RegistroFila>({
    entidad: ENTIDAD_VF,
    path: `${RUTA_VF}/list`,
    filters: ['buscar', 'estado', 'clase'],
    filtros: (v) => ({
      ...(v.buscar?.trim() ? { Buscar: v.buscar.trim() } : {}),
      ...(v.estado ? { Estado: v.estado } : {}),
      ...(v.clase ? { Clase: v.clase } : {}),
    }),
    // Newest first (the server reads a missing Descendente as ascending).
    orden: () => ({ Descendente: true }),
  });
  const envio = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, ENTIDAD_VF), 'estado'],
    queryFn: () => api.get<EstadoEnvioVista>(`${RUTA_VF}/estado`, { background: true }),
  });
  const refrescar = () => client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, ENTIDAD_VF) });
  const enviarAhora = async () => {
    setEnviando(true);
    try {
      const r = await api.post<{ Enviados: number }>(`${RUTA_VF}/enviar`, {});
      notifySuccess(`Envío a la AEAT realizado: ${r.Enviados} registros con respuesta`);
    } catch {
      // the toast shows the error
    } finally {
      setEnviando(false);
      await refrescar();
    }
  };
  const comprobar = async () => {
    setVerificacion(await api.get<VerificacionVista>(`${RUTA_VF}/verificar`));
  };
  const e = envio.data;

  const columns: DataTableColumn<RegistroFila>[] = [
    {
      accessor: 'NumSerieFactura',
      title: 'Factura',
      render: (r) => (
        <Anchor
          component={Link}
          to={`/fventavisorvf/editar/${r.Id}`}
          size="sm"
          fw={600}
          onClick={(ev) => ev.stopPropagation()}
        >
          {r.NumSerieFactura}
        </Anchor>
      ),
    },
    {
      accessor: 'FechaExpedicionFactura',
      title: 'Fecha',
      width: 105,
      render: (r) => fechaAeatTexto(r.FechaExpedicionFactura),
    },
    { accessor: 'TipoFactura', title: 'Tipo', width: 60, render: (r) => r.TipoFactura ?? '—' },
    { accessor: 'Clase', title: 'Registro', width: 100, render: (r) => CLASES_VF[r.Clase] ?? r.Clase },
    {
      accessor: 'CuotaTotal',
      title: 'Cuota',
      textAlign: 'right',
      width: 100,
      render: (r) => (r.CuotaTotal === null ? '—' : formatAmount(r.CuotaTotal)),
    },
    {
      accessor: 'ImporteTotal',
      title: 'Importe',
      textAlign: 'right',
      width: 110,
      render: (r) => (r.ImporteTotal === null ? '—' : <b>{formatAmount(r.ImporteTotal)}</b>),
    },
    {
      accessor: 'Huella',
      title: 'Huella',
      width: 150,
      render: (r) => (
        <Text size="xs" ff="monospace" title={r.Huella}>
          {huellaCorta(r.Huella)}
        </Text>
      ),
    },
    {
      accessor: 'FechaHoraHusoGenRegistro',
      title: 'Generado',
      width: 160,
      render: (r) => (
        <span title={r.FechaHoraHusoGenRegistro}>{fechaHoraTexto(r.FechaHoraHusoGenRegistro, false)}</span>
      ),
    },
    {
      accessor: 'Estado',
      title: 'Estado',
      width: 170,
      render: (r) => (
        <Group gap={4}>
          <EstadoRegistro registro={r} />
        </Group>
      ),
    },
  ];

  return (
    <PagedList<RegistroFila>
      list={list}
      title="Registros VeriFactu"
      actions={
        <>
          <Button variant="default" onClick={comprobar}>
            Comprobar cadena
          </Button>
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
      intro={
        <>
          {verificacion && (
            <Alert
              color={verificacion.Valida ? 'green' : 'red'}
              variant="light"
              withCloseButton
              onClose={() => setVerificacion(null)}
              title={
                verificacion.Valida
                  ? `Cadena correcta: ${verificacion.Registros} registros, todas las huellas recalculadas coinciden`
                  : 'La cadena de registros tiene incidencias'
              }
            >
              {verificacion.Cadenas.flatMap((c) =>
                c.Incidencias.map((i) => (
                  <Text size="sm" key={`${c.Instalacion}-${i.Id}-${i.Mensaje}`}>
                    <Anchor component={Link} to={`/fventavisorvf/editar/${i.Id}`}>
                      Registro {i.Id}
                    </Anchor>
                    : {i.Mensaje}
                  </Text>
                )),
              )}
            </Alert>
          )}
          {e && <PanelEnvio estado={e} />}
        </>
      }
      filterCols={{ base: 1, sm: 3 }}
      filters={
        <>
          <DebouncedText
            label="Buscar"
            placeholder="Número de factura"
            value={list.values.buscar ?? ''}
            onChange={(v) => list.set({ buscar: v })}
          />
          <FiltroSelect
            label="Estado"
            data={Object.entries(ESTADOS_VF).map(([value, { label }]) => ({ value, label }))}
            value={list.values.estado ?? ''}
            onChange={(v) => list.set({ estado: v })}
          />
          <FiltroSelect
            label="Registro"
            data={Object.entries(CLASES_VF).map(([value, label]) => ({ value, label }))}
            value={list.values.clase ?? ''}
            onChange={(v) => list.set({ clase: v })}
          />
        </>
      }
      columns={columns}
      compact={(r) => <RegistroCompacto registro={r} />}
      rowHref={(r) => `/fventavisorvf/editar/${r.Id}`}
      noRecordsText="No hay registros VeriFactu"
      after={
        <Modal opened={config} onClose={() => setConfig(false)} title="Configuración VeriFactu" size="lg">
          {config && <ConfiguracionVerifactu editable={level >= 3} onSaved={refrescar} />}
        </Modal>
      }
    />
  );
}

/** A record on a phone: invoice and date, kind, amount and state. */
export function RegistroCompacto({ registro: r }: { registro: RegistroFila }) {
  return (
    <FilaCompacta
      titulo={`${r.NumSerieFactura} · ${fechaAeatTexto(r.FechaExpedicionFactura)}`}
      valor={r.ImporteTotal === null ? null : formatAmount(r.ImporteTotal)}
    >
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          {CLASES_VF[r.Clase] ?? r.Clase}
        </Text>
        <EstadoRegistro registro={r} />
      </Group>
    </FilaCompacta>
  );
}

/** The record's state and, after an AEAT error, its code. */
function EstadoRegistro({ registro: r }: { registro: RegistroFila }) {
  return (
    <>
      <EstadoBadge estado={r.Estado} />
      {r.CodigoErrorRegistro !== null && (
        <Badge size="sm" variant="outline" color="red">
          {r.CodigoErrorRegistro}
        </Badge>
      )}
    </>
  );
}

function PanelEnvio({ estado: e }: { estado: EstadoEnvioVista }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap={6}>
        <Group gap="xs">
          {(Object.keys(ESTADOS_VF) as EstadoVf[]).map((k) => (
            <Badge key={k} variant="light" color={ESTADOS_VF[k].color}>
              {ESTADOS_VF[k].label}: {e.Cuentas[k] ?? 0}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          Destino: {e.Destino ?? 'sin configurar (los registros se guardan y se enviarán al configurarlo)'} ·
          Certificado: {e.Certificado ? 'cargado' : 'no cargado'}
          {e.UltimoResultado &&
            ` · Último envío ${fechaHoraTexto(e.UltimoResultado.Fecha)}: ${e.UltimoResultado.EstadoEnvio ?? e.UltimoResultado.Mensaje ?? e.UltimoResultado.Tipo} (${e.UltimoResultado.Registros} registros)`}
          {e.SiguienteEnvio && ` · Próximo envío no antes de ${fechaHoraTexto(e.SiguienteEnvio)}`}
        </Text>
        {e.Incidencia && (
          <Alert color="orange" variant="light" p="xs">
            Modo incidencia: la AEAT no responde ({e.FallosSeguidos} fallos seguidos). Los registros se reenviarán
            automáticamente con la marca de incidencia.
          </Alert>
        )}
        {e.Bloqueo && (
          <Alert color="red" variant="light" p="xs">
            Envío detenido por un problema de configuración
            {e.Bloqueo.Codigo ? ` (código ${e.Bloqueo.Codigo})` : ''}: {e.Bloqueo.Mensaje}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
