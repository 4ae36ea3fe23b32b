import { formatAmount, LEVEL_FOR_ACTION, levelIn } from '@faro/domain';
import { Alert, Anchor, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { DebouncedText } from '../../ui/fields/filters.tsx';
import { FilaCompacta } from '../../ui/list/FilaCompacta.tsx';
import { FiltroSelect } from '../../ui/list/listFilters.tsx';
import { PagedList } from '../../ui/list/PagedList.tsx';
import { type PagedListState, usePagedList } from '../../ui/list/usePagedList.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ConfiguracionCanal } from './ConfiguracionCanal.tsx';
import type {
  CanalFiscal,
  ColumnasComunes,
  ConfigFiscal,
  EnvioFiscal,
  EstadoRegistro,
  EstadoVista,
  FilaFiscal,
  RespuestaEnvio,
  VerificacionVista,
  VistaFilas,
} from './canal.ts';
import { EstadoBadge } from './EstadoBadge.tsx';

/** The props of a component that shows one row of any channel. */
interface FilaDeCanal<F extends FilaFiscal> {
  canal: VistaFilas<F>;
  registro: F;
}

/**
 * A channel's queue (`…/list`): the count per state and the destination, filters by text, state and kind, paging,
 * "Enviar ahora" (one bad record never blocks the rest: the server answers per record), the chain check where the
 * channel offers it, and the settings in a dialog.
 */
export function ColaRegistros<F extends FilaFiscal, E extends EnvioFiscal, C extends ConfigFiscal>({
  canal,
  titulo,
}: {
  canal: CanalFiscal<F, E, C>;
  titulo: string;
}) {
  usePageTitle(titulo);
  const { info, centro } = useReady();
  const level = levelIn(info, canal.permiso, centro);
  const client = useQueryClient();
  const [config, setConfig] = useState(false);
  const [verificacion, setVerificacion] = useState<VerificacionVista | null>(null);
  const [enviando, setEnviando] = useState(false);
  const list = usePagedList<F>({
    entidad: canal.entidad,
    path: `${canal.ruta}/list`,
    filters: ['buscar', 'estado', 'clase'],
    filtros: (v) => ({
      ...(v.buscar?.trim() ? { Buscar: v.buscar.trim() } : {}),
      ...(v.estado ? { Estado: v.estado } : {}),
      ...(v.clase ? { Clase: v.clase } : {}),
    }),
    ...(canal.cola.descendente ? { orden: () => ({ Descendente: true }) } : {}),
  });
  const envio = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, canal.entidad), 'estado'],
    queryFn: () => api.get<E>(`${canal.ruta}/estado`, { background: true }),
  });
  const refrescar = () => client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, canal.entidad) });
  const enviarAhora = async () => {
    setEnviando(true);
    try {
      notifySuccess(canal.cola.mensajeEnvio(await api.post<RespuestaEnvio>(`${canal.ruta}/enviar`, {})));
    } catch {
      // the toast shows the error
    } finally {
      setEnviando(false);
      await refrescar();
    }
  };
  const comprobar = async () => {
    setVerificacion(await api.get<VerificacionVista>(`${canal.ruta}/verificar`));
  };
  const e = envio.data;
  return (
    <PagedList<F>
      list={list}
      title={titulo}
      actions={
        <>
          {canal.cola.comprobarCadena && (
            <Button variant="default" onClick={comprobar}>
              Comprobar cadena
            </Button>
          )}
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
            <AlertaVerificacion
              rutaRegistro={canal.rutaRegistro}
              verificacion={verificacion}
              onClose={() => setVerificacion(null)}
            />
          )}
          {e && (
            <PanelEnvio estados={canal.estados} cuentas={e.Cuentas}>
              {canal.cola.panel(e)}
            </PanelEnvio>
          )}
        </>
      }
      filterCols={{ base: 1, sm: 3 }}
      filters={
        <>
          <FiltroBuscar list={list} label="Buscar" placeholder={canal.cola.buscar} />
          <FiltroSelect
            label="Estado"
            data={Object.entries(canal.estados).map(([value, { label }]) => ({ value, label }))}
            value={list.values.estado ?? ''}
            onChange={(v) => list.set({ estado: v })}
          />
          <FiltroSelect
            label={canal.cola.clase}
            data={Object.entries(canal.clases).map(([value, label]) => ({ value, label }))}
            value={list.values.clase ?? ''}
            onChange={(v) => list.set({ clase: v })}
          />
        </>
      }
      columns={canal.cola.columnas(columnasComunes(canal, canal.cola.clase))}
      compact={(r) => <RegistroCompacto canal={canal} registro={r} />}
      rowHref={(r) => canal.rutaRegistro(r.Id)}
      noRecordsText={canal.cola.vacio}
      after={
        <Modal opened={config} onClose={() => setConfig(false)} title={`Configuración ${canal.nombre}`} size="lg">
          {config && <ConfiguracionCanal canal={canal} editable={level >= 3} onSaved={refrescar} />}
        </Modal>
      }
    />
  );
}

function columnasComunes<F extends FilaFiscal>(canal: VistaFilas<F>, tituloClase: string): ColumnasComunes<F> {
  return {
    factura: {
      accessor: canal.numero.campo,
      title: 'Factura',
      render: (r) => (
        <Anchor
          component={Link}
          to={canal.rutaRegistro(r.Id)}
          size="sm"
          fw={600}
          onClick={(ev) => ev.stopPropagation()}
        >
          {canal.numero.texto(r)}
        </Anchor>
      ),
    },
    fecha: { accessor: canal.fecha.campo, title: 'Fecha', width: 105, render: (r) => canal.fecha.texto(r) },
    clase: { accessor: 'Clase', title: tituloClase, width: 100, render: (r) => canal.clases[r.Clase] ?? r.Clase },
    importe: {
      accessor: 'ImporteTotal',
      title: 'Importe',
      textAlign: 'right',
      width: 110,
      render: (r) => (r.ImporteTotal === null ? '—' : <b>{formatAmount(r.ImporteTotal)}</b>),
    },
    estado: {
      accessor: 'Estado',
      title: 'Estado',
      width: 170,
      render: (r) => (
        <Group gap={4}>
          <EstadoConError canal={canal} registro={r} />
        </Group>
      ),
    },
  } satisfies Record<keyof ColumnasComunes<F>, DataTableColumn<F>>;
}

/** The text search of a list of records (the URL's `buscar`, sent as `Filtros.Buscar`). */
export function FiltroBuscar({
  list,
  label,
  placeholder,
}: {
  list: Pick<PagedListState<unknown>, 'values' | 'set'>;
  label: string;
  placeholder: string;
}) {
  return (
    <DebouncedText
      label={label}
      placeholder={placeholder}
      value={list.values.buscar ?? ''}
      onChange={(v) => list.set({ buscar: v })}
    />
  );
}

/** A record on a phone: number and date, kind, amount and state. */
export function RegistroCompacto<F extends FilaFiscal>({ canal, registro: r }: FilaDeCanal<F>) {
  return (
    <FilaCompacta
      titulo={`${canal.numero.texto(r)} · ${canal.fecha.texto(r)}`}
      valor={r.ImporteTotal === null ? null : formatAmount(r.ImporteTotal)}
    >
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          {canal.clases[r.Clase] ?? r.Clase}
        </Text>
        <EstadoConError canal={canal} registro={r} />
      </Group>
    </FilaCompacta>
  );
}

/** The record's state and, after an error answer, its code. */
function EstadoConError<F extends FilaFiscal>({ canal, registro: r }: FilaDeCanal<F>) {
  const codigo = canal.codigoError(r);
  return (
    <>
      <EstadoBadge estado={r.Estado} estados={canal.estados} />
      {codigo !== null && (
        <Badge size="sm" variant="outline" color="red">
          {codigo}
        </Badge>
      )}
    </>
  );
}

/** The chain check's verdict, each incident linked to its record. */
function AlertaVerificacion({
  rutaRegistro,
  verificacion,
  onClose,
}: {
  rutaRegistro: (id: number) => string;
  verificacion: VerificacionVista;
  onClose: () => void;
}) {
  return (
    <Alert
      color={verificacion.Valida ? 'green' : 'red'}
      variant="light"
      withCloseButton
      onClose={onClose}
      title={
        verificacion.Valida
          ? `Cadena correcta: ${verificacion.Registros} registros, todas las huellas recalculadas coinciden`
          : 'La cadena de registros tiene incidencias'
      }
    >
      {verificacion.Cadenas.flatMap((c) =>
        c.Incidencias.map((i) => (
          <Text size="sm" key={`${c.Instalacion}-${i.Id}-${i.Mensaje}`}>
            <Anchor component={Link} to={rutaRegistro(i.Id)}>
              Registro {i.Id}
            </Anchor>
            : {i.Mensaje}
          </Text>
        )),
      )}
    </Alert>
  );
}

/** The count per state, then the channel's lines on destination, certificate and the last send. */
function PanelEnvio({
  estados,
  cuentas,
  children,
}: {
  estados: Record<EstadoRegistro, EstadoVista>;
  cuentas: Record<EstadoRegistro, number>;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="sm">
      <Stack gap={6}>
        <Group gap="xs">
          {(Object.keys(estados) as EstadoRegistro[]).map((k) => (
            <Badge key={k} variant="light" color={estados[k].color}>
              {estados[k].label}: {cuentas[k] ?? 0}
            </Badge>
          ))}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
