import { formatAmount, formatDate, type RouteDef } from '@faro/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { ExportMenu } from '../../ui/list/ExportMenu.tsx';
import { FilaCompacta } from '../../ui/list/FilaCompacta.tsx';
import { FiltroFecha, FiltroSelect } from '../../ui/list/listFilters.tsx';
import { PagedList } from '../../ui/list/PagedList.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import {
  type Cobro,
  cobroBody,
  type FacturaCobrable,
  type FacturaVencida,
  hoy,
  pendienteDe,
  type RespuestaLibro,
  trimestre,
  trimestreDe,
  type Vencimiento,
} from './cobrosModel.ts';

export const COBRO_GUARDADO = 'El cobro se ha guardado correctamente';

/** Screens of movstesoreriac (collections, with the overdue invoices) and factemitidas (issued-invoice book). */
export function CobrosScreens({ action, route }: { action: string; segments: string[]; route: RouteDef }) {
  if (action === 'factemitidas') return <LibroFacturasEmitidas title={route.title} />;
  return <CobrosPage title={route.title} />;
}

const money = (v: string | null | undefined) => formatAmount(v ?? '0');

/** A date typed or picked the Spanish way (dd/mm/aaaa), kept as ISO yyyy-mm-dd (a native date input shows the
 * browser's format, mm/dd/yyyy in an English browser). */
function Fecha(p: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  required?: boolean;
  error?: string;
}) {
  return (
    <DateInput
      label={p.label}
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      clearable={!p.required}
      withAsterisk={p.required}
      value={p.value || null}
      onChange={(v) => p.onChange(v ? String(v).slice(0, 10) : '')}
      error={p.error}
      w={p.required ? undefined : 150}
    />
  );
}

/** Collections list with filters and 'Nuevo cobro', and the 'Vencidas' tab (the tab is kept in the URL). */
export function CobrosPage({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('pestana') === 'vencidas' ? 'vencidas' : 'cobros';
  const [nuevo, setNuevo] = useState<{ open: boolean; factura: number | null }>({ open: false, factura: null });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Button onClick={() => setNuevo({ open: true, factura: null })}>Nuevo cobro</Button>
      </Group>
      {/* Each tab is a paged list with its own filters and page: changing tab starts from a clean URL. */}
      <Tabs
        value={tab}
        onChange={(t) => setParams(t === 'vencidas' ? new URLSearchParams({ pestana: t }) : new URLSearchParams())}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="cobros">Cobros</Tabs.Tab>
          <Tabs.Tab value="vencidas">Vencidas</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="cobros" pt="md">
          <ListaCobros />
        </Tabs.Panel>
        <Tabs.Panel value="vencidas" pt="md">
          <ListaVencidas onCobrar={(id) => setNuevo({ open: true, factura: id })} />
        </Tabs.Panel>
      </Tabs>
      {nuevo.open && <NuevoCobro factura={nuevo.factura} onClose={() => setNuevo({ open: false, factura: null })} />}
    </Stack>
  );
}

function useCuentas() {
  const { info } = useReady();
  const params = { Pagina: 1, TotalPagina: 200 };
  return useQuery({
    queryKey: qk.list(info.IdEmpresa, 'tesoreria', params),
    queryFn: () =>
      api.get<ListAnswer<{ Id: number; Nombre: string; Baja?: boolean }>>('tesoreria/tesoreria/list', { params }),
  });
}

const aFactura = (id: number) => `/fventa/editar/${id}`;

function ListaCobros() {
  const cuentas = useCuentas();
  const nombreCuenta = new Map((cuentas.data?.Items ?? []).map((c) => [c.Id, c.Nombre]));
  const list = usePagedList<Cobro>({
    entidad: 'movstesoreriac',
    path: 'tesoreria/movstesoreriac/list',
    filters: ['desde', 'hasta', 'cuenta'],
    filtros: (v) => ({
      ...(v.desde ? { FechaDesde: v.desde } : {}),
      ...(v.hasta ? { FechaHasta: v.hasta } : {}),
      ...(v.cuenta ? { IdTesoreria: Number(v.cuenta) } : {}),
    }),
    orden: () => ({ Descendente: true }),
  });
  const v = list.values;
  const cuenta = (c: Cobro) => nombreCuenta.get(c.IdTesoreria) ?? c.IdTesoreria;
  const columns: DataTableColumn<Cobro>[] = [
    { accessor: 'Fecha', title: 'Fecha', width: 110, render: (c) => formatDate(c.Fecha) },
    {
      accessor: 'NumSerie',
      title: 'Factura',
      render: (c) => (
        <Anchor component={Link} to={aFactura(c.IdFactura)} size="sm" onClick={(e) => e.stopPropagation()}>
          {c.NumSerie ?? `#${c.IdFactura}`}
        </Anchor>
      ),
    },
    { accessor: 'ClienteNombre', title: 'Cliente' },
    { accessor: 'IdTesoreria', title: 'Cuenta', render: cuenta },
    { accessor: 'Importe', title: 'Importe', textAlign: 'right', render: (c) => money(c.Importe) },
  ];
  return (
    <PagedList<Cobro>
      data-testid="lista-cobros"
      list={list}
      filterCols={{ base: 1, sm: 3 }}
      filters={
        <>
          <FiltroFecha label="Desde" value={v.desde ?? ''} onChange={(x) => list.set({ desde: x })} />
          <FiltroFecha label="Hasta" value={v.hasta ?? ''} onChange={(x) => list.set({ hasta: x })} />
          <FiltroSelect
            label="Cuenta"
            placeholder="Todas"
            data={(cuentas.data?.Items ?? []).map((c) => ({ value: String(c.Id), label: c.Nombre }))}
            value={v.cuenta ?? ''}
            onChange={(x) => list.set({ cuenta: x })}
          />
        </>
      }
      columns={columns}
      compact={(c) => (
        <FilaCompacta titulo={`${c.NumSerie ?? `#${c.IdFactura}`} · ${formatDate(c.Fecha)}`} valor={money(c.Importe)}>
          <Text size="sm" lineClamp={1}>
            {c.ClienteNombre} · {cuenta(c)}
          </Text>
        </FilaCompacta>
      )}
      rowHref={(c) => aFactura(c.IdFactura)}
      noRecordsText={
        list.activos
          ? 'No hay cobros con estos filtros'
          : 'Todavía no hay cobros: regístralos con «Nuevo cobro» o desde una factura emitida'
      }
    />
  );
}

function ListaVencidas({ onCobrar }: { onCobrar: (id: number) => void }) {
  const list = usePagedList<FacturaVencida>({
    entidad: 'fventavencidas',
    path: 'ventas/fventa/vencidas',
    filters: [],
    filtros: () => ({}),
  });
  const cobrar = (r: FacturaVencida) => (
    <Button
      size="xs"
      variant="light"
      onClick={(e) => {
        e.stopPropagation();
        onCobrar(r.Id);
      }}
    >
      Cobrar
    </Button>
  );
  const columns: DataTableColumn<FacturaVencida>[] = [
    { accessor: 'NumSerie', title: 'Factura' },
    { accessor: 'Fecha', title: 'Fecha', render: (r) => formatDate(r.Fecha) },
    { accessor: 'ClienteNombre', title: 'Cliente' },
    { accessor: 'PrimerVencimiento', title: 'Vencimiento', render: (r) => formatDate(r.PrimerVencimiento) },
    { accessor: 'DiasVencida', title: 'Días vencida', textAlign: 'right' },
    { accessor: 'ImporteVencido', title: 'Vencido', textAlign: 'right', render: (r) => money(r.ImporteVencido) },
    { accessor: 'Pendiente', title: 'Pendiente', textAlign: 'right', render: (r) => money(r.Pendiente) },
    { accessor: 'Id', title: '', render: cobrar },
  ];
  return (
    <PagedList<FacturaVencida>
      data-testid="lista-vencidas"
      list={list}
      columns={columns}
      compact={(r) => (
        <FilaCompacta titulo={`${r.NumSerie} · ${r.ClienteNombre}`} accion={cobrar(r)}>
          <Text size="sm">
            Vencida el {formatDate(r.PrimerVencimiento)} ({r.DiasVencida} días) · Pendiente {money(r.Pendiente)}
          </Text>
        </FilaCompacta>
      )}
      rowHref={(r) => aFactura(r.Id)}
      noRecordsText="No hay facturas vencidas pendientes de cobro"
    />
  );
}

/** 'Nuevo cobro': a pending invoice (its pending amount proposed), date, amount, account, notes. */
export function NuevoCobro({ factura, onClose }: { factura: number | null; onClose: () => void }) {
  const { info } = useReady();
  const queryClient = useQueryClient();
  const cuentas = useCuentas();
  const [values, setValues] = useState({
    IdFactura: factura ? String(factura) : null,
    Fecha: hoy(),
    Importe: '',
    IdTesoreria: null as string | null,
    Notas: '',
  });
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [guardando, setGuardando] = useState(false);
  const params = { Pagina: 1, TotalPagina: 200, Filtros: JSON.stringify({ Estado: 'Emitida' }) };
  const facturas = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'fventa', params),
    queryFn: () => api.get<ListAnswer<FacturaCobrable>>('ventas/fventa/list', { params }),
  });
  const pendientes = (facturas.data?.Items ?? []).filter((f) => f.EstadoCobro !== 'Cobrado');
  const elegida = values.IdFactura;
  const detalle = useQuery({
    queryKey: qk.row(info.IdEmpresa, 'fventa', elegida ?? '0'),
    queryFn: () => api.get<{ Vencimientos?: Vencimiento[]; Total: string }>(`ventas/fventa/edit/${elegida}`),
    enabled: !!elegida,
  });
  const pendiente = detalle.data?.Vencimientos ? pendienteDe(detalle.data.Vencimientos) : null;
  const importe = values.Importe || (pendiente ? pendiente.replace('.', ',') : '');
  const set = (k: keyof typeof values) => (v: string | null) => setValues((old) => ({ ...old, [k]: v ?? '' }));
  const guardar = async () => {
    const faltan: Record<string, string> = {};
    if (!values.IdFactura) faltan.IdFactura = 'Factura es obligatorio';
    if (!values.IdTesoreria) faltan.IdTesoreria = 'Cuenta es obligatorio';
    if (!importe) faltan.Importe = 'Importe es obligatorio';
    if (!values.Fecha) faltan.Fecha = 'Fecha es obligatorio';
    setErrores(faltan);
    if (Object.keys(faltan).length) return;
    setGuardando(true);
    try {
      await api.post('tesoreria/movstesoreriac/save', cobroBody({ ...values, Importe: importe }));
      notifySuccess(COBRO_GUARDADO);
      await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, 'movstesoreriac') });
      await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, 'fventavencidas') });
      await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, 'fventa') });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length) {
        setErrores(Object.fromEntries(error.fieldErrors.map((e) => [e.Campo, e.Mensaje])));
      }
    } finally {
      setGuardando(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Nuevo cobro" size="lg">
      <Stack gap="sm">
        <Select
          label="Factura"
          required
          searchable
          placeholder="Busca por número o cliente"
          nothingFoundMessage="No hay facturas pendientes de cobro con ese texto"
          data={pendientes.map((f) => ({
            value: String(f.Id),
            label: `${f.NumSerie ?? f.Id} · ${f.ClienteNombre} · ${money(f.Total)}`,
          }))}
          value={values.IdFactura}
          onChange={(v) => setValues((old) => ({ ...old, IdFactura: v, Importe: '' }))}
          error={errores.IdFactura}
        />
        {pendiente && (
          <Alert color="blue" variant="light" data-testid="pendiente">
            Pendiente de cobro: {money(pendiente)}
          </Alert>
        )}
        {/* Top-aligned: an error under one field does not push the other down. */}
        <Group grow align="flex-start" data-testid="fecha-importe">
          <Fecha label="Fecha" required value={values.Fecha} onChange={set('Fecha')} error={errores.Fecha} />
          <TextInput
            label="Importe"
            required
            value={importe}
            onChange={(e) => set('Importe')(e.currentTarget.value)}
            error={errores.Importe}
          />
        </Group>
        <Select
          label="Cuenta"
          required
          data={(cuentas.data?.Items ?? [])
            .filter((c) => !c.Baja)
            .map((c) => ({ value: String(c.Id), label: c.Nombre }))}
          value={values.IdTesoreria}
          onChange={set('IdTesoreria')}
          error={errores.IdTesoreria}
        />
        <Textarea label="Notas" value={values.Notas} onChange={(e) => set('Notas')(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={guardar} loading={guardando}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const TRIMESTRES = ['1', '2', '3', '4'].map((t) => ({ value: t, label: `${t}.º trimestre` }));

/** The issued-invoice book of a period (this quarter by default): rows per invoice and rate, totals, export. */
export function LibroFacturasEmitidas({ title, today = hoy() }: { title: string; today?: string }) {
  const { info } = useReady();
  const actual = trimestreDe(today);
  const [periodo, setPeriodo] = useState(trimestre(actual.anyo, actual.t));
  const [t, setT] = useState<string | null>(String(actual.t));
  const [anyo, setAnyo] = useState(String(actual.anyo));
  const [pagina, setPagina] = useState(1);
  const elegirTrimestre = (nuevoT: string | null, nuevoAnyo: string) => {
    setT(nuevoT);
    setAnyo(nuevoAnyo);
    setPagina(1);
    if (nuevoT && /^\d{4}$/.test(nuevoAnyo)) setPeriodo(trimestre(Number(nuevoAnyo), Number(nuevoT)));
  };
  const filtros = JSON.stringify(periodo);
  const params = { Pagina: pagina, TotalPagina: 100, Filtros: filtros };
  const libro = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'factemitidas', params),
    queryFn: () => api.get<RespuestaLibro>('impuestos/factemitidas/list', { params }),
  });
  const rows = libro.data?.Items ?? [];
  const totales = libro.data?.Totales;
  const paginas = Math.max(1, Math.ceil((libro.data?.Total ?? 0) / 100));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <ExportMenu
          path="impuestos/factemitidas/export"
          params={{ Filtros: filtros }}
          fileBase={`factemitidas-${periodo.FechaDesde}-${periodo.FechaHasta}`}
        />
      </Group>
      <Card withBorder radius="md" padding="md">
        <Group align="end">
          <Select label="Trimestre" data={TRIMESTRES} value={t} onChange={(v) => elegirTrimestre(v, anyo)} w={160} />
          <TextInput
            label="Año"
            inputMode="numeric"
            maxLength={4}
            value={anyo}
            onChange={(e) => elegirTrimestre(t, e.currentTarget.value.replace(/\D/g, ''))}
            w={90}
          />
          <Fecha
            label="Desde"
            value={periodo.FechaDesde}
            onChange={(v) => {
              setT(null);
              setPagina(1);
              setPeriodo((p) => ({ ...p, FechaDesde: v }));
            }}
          />
          <Fecha
            label="Hasta"
            value={periodo.FechaHasta}
            onChange={(v) => {
              setT(null);
              setPagina(1);
              setPeriodo((p) => ({ ...p, FechaHasta: v }));
            }}
          />
        </Group>
      </Card>
      {totales && (
        <Card withBorder radius="md" padding="md" data-testid="totales-libro">
          <Title order={2} fz="h4" mb="sm">
            Totales por tipo
          </Title>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tipo</Table.Th>
                <Table.Th ta="right">Base imponible</Table.Th>
                <Table.Th ta="right">Cuota</Table.Th>
                <Table.Th ta="right">Recargo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {totales.PorTipo.map((x) => (
                <Table.Tr key={`${x.Impuesto}-${x.PorcentajeIva}-${x.PorcentajeRecargo}`}>
                  <Table.Td>
                    {x.Impuesto} {x.PorcentajeIva.replace('.', ',')} %
                    {Number(x.PorcentajeRecargo) ? ` (recargo ${x.PorcentajeRecargo.replace('.', ',')} %)` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{money(x.Base)}</Table.Td>
                  <Table.Td ta="right">{money(x.Cuota)}</Table.Td>
                  <Table.Td ta="right">{money(x.CuotaRecargo)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr fw={700}>
                <Table.Td>
                  Total ({totales.General.Facturas} {totales.General.Facturas === 1 ? 'factura' : 'facturas'})
                </Table.Td>
                <Table.Td ta="right">{money(totales.General.Base)}</Table.Td>
                <Table.Td ta="right">{money(totales.General.Cuota)}</Table.Td>
                <Table.Td ta="right">{money(totales.General.CuotaRecargo)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" mt="xs">
            Retenciones: {money(totales.General.Retencion)} · Total facturado: {money(totales.General.Total)}
          </Text>
        </Card>
      )}
      {rows.length === 0 && !libro.isLoading ? (
        <Text c="dimmed">No hay facturas emitidas en el periodo</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover data-testid="libro-emitidas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Número</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th>NIF</Table.Th>
                <Table.Th ta="right">Base</Table.Th>
                <Table.Th ta="right">% IVA</Table.Th>
                <Table.Th ta="right">Cuota</Table.Th>
                <Table.Th ta="right">Recargo</Table.Th>
                <Table.Th ta="right">Retención</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={`${r.Id}-${r.Impuesto}-${r.PorcentajeIva}-${r.PorcentajeRecargo}`}>
                  <Table.Td>{formatDate(r.Fecha)}</Table.Td>
                  <Table.Td>{r.NumSerie}</Table.Td>
                  <Table.Td>{r.ClienteNombre}</Table.Td>
                  <Table.Td>{r.ClienteNIF}</Table.Td>
                  <Table.Td ta="right">{money(r.Base)}</Table.Td>
                  <Table.Td ta="right">{r.PorcentajeIva.replace('.', ',')}</Table.Td>
                  <Table.Td ta="right">{money(r.Cuota)}</Table.Td>
                  <Table.Td ta="right">{money(r.CuotaRecargo)}</Table.Td>
                  <Table.Td ta="right">{money(r.Retencion)}</Table.Td>
                  <Table.Td ta="right">{money(r.Total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {paginas > 1 && (
        <Group justify="flex-end">
          <Button variant="default" disabled={pagina <= 1} onClick={() => setPagina((p) => p - 1)}>
            Anterior
          </Button>
          <Text size="sm">
            Página {pagina} de {paginas}
          </Text>
          <Button variant="default" disabled={pagina >= paginas} onClick={() => setPagina((p) => p + 1)}>
            Siguiente
          </Button>
        </Group>
      )}
    </Stack>
  );
}
