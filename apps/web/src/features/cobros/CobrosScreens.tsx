import { decimalEditable, formatAmount, formatDate, formatNumber, type RouteDef } from '@faro/domain';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { DateInput } from '../../ui/dates.ts';
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
import { LADO_COBROS, LADO_PAGOS, type LadoPagos } from './ladoPagos.ts';

export const COBRO_GUARDADO = LADO_COBROS.guardado;

/**
 * Screens of movstesoreriac (collections, with the overdue invoices) and factemitidas (issued-invoice book), and
 * their purchase twins movstesoreriap (payments) and factrecibidas (received-invoice book): one set of screens,
 * two sides (`ladoPagos.ts`).
 */
export function CobrosScreens({ action, route }: { action: string; segments: string[]; route: RouteDef }) {
  const lado = action === 'movstesoreriap' || action === 'factrecibidas' ? LADO_PAGOS : LADO_COBROS;
  if (action === 'factemitidas' || action === 'factrecibidas')
    return <LibroFacturasEmitidas title={route.title} lado={lado} />;
  return <CobrosPage title={route.title} lado={lado} />;
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

/** Collections (payments) list with filters and 'Nuevo cobro', and the 'Vencidas' tab (kept in the URL). */
export function CobrosPage({ title, lado = LADO_COBROS }: { title: string; lado?: LadoPagos }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('pestana') === 'vencidas' && lado.vencidas ? 'vencidas' : 'cobros';
  const [nuevo, setNuevo] = useState<{ open: boolean; factura: number | null }>({ open: false, factura: null });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <BotonProtegido
          permiso="TesoMovsCajaBanco"
          accion="crear"
          onClick={() => setNuevo({ open: true, factura: null })}
        >
          Nuevo {lado.nombre}
        </BotonProtegido>
      </Group>
      {/* Each tab is a paged list with its own filters and page: changing tab starts from a clean URL. */}
      <Tabs
        value={tab}
        onChange={(t) => setParams(t === 'vencidas' ? new URLSearchParams({ pestana: t }) : new URLSearchParams())}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="cobros">{lado.plural}</Tabs.Tab>
          {lado.vencidas && <Tabs.Tab value="vencidas">Vencidas</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="cobros" pt="md">
          <ListaCobros lado={lado} />
        </Tabs.Panel>
        {lado.vencidas && (
          <Tabs.Panel value="vencidas" pt="md">
            <ListaVencidas lado={lado} onCobrar={(id) => setNuevo({ open: true, factura: id })} />
          </Tabs.Panel>
        )}
      </Tabs>
      {nuevo.open && (
        <NuevoCobro factura={nuevo.factura} lado={lado} onClose={() => setNuevo({ open: false, factura: null })} />
      )}
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

const aFactura = (id: number, lado: LadoPagos = LADO_COBROS) => `${lado.facturas.editar}${id}`;

/** The party's name of a movement or invoice row, by the side's JSON name. */
const nombreTercero = (r: object, lado: LadoPagos) =>
  String((r as Record<string, unknown>)[lado.terceroNombre] ?? (r as Record<string, unknown>).ClienteNombre ?? '');

function ListaCobros({ lado }: { lado: LadoPagos }) {
  const cuentas = useCuentas();
  const nombreCuenta = new Map((cuentas.data?.Items ?? []).map((c) => [c.Id, c.Nombre]));
  const list = usePagedList<Cobro>({
    entidad: lado.entidad,
    path: `${lado.ruta}/list`,
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
  // 'Exportar': the same rows from the treasury movements of this kind (same filters: dates and account).
  const exportar = {
    Filtros: JSON.stringify({
      ...JSON.parse(String(list.params.Filtros)),
      Tipo: lado.entidad === 'movstesoreriap' ? 'pago' : 'cobro',
    }),
  };
  const columns: DataTableColumn<Cobro>[] = [
    { accessor: 'Fecha', title: 'Fecha', width: 110, render: (c) => formatDate(c.Fecha) },
    {
      accessor: 'NumSerie',
      title: 'Factura',
      render: (c) => (
        <Anchor component={Link} to={aFactura(c.IdFactura, lado)} size="sm" onClick={(e) => e.stopPropagation()}>
          {c.NumSerie ?? `#${c.IdFactura}`}
        </Anchor>
      ),
    },
    { accessor: 'ClienteNombre', title: lado.tercero, render: (c) => nombreTercero(c, lado) },
    { accessor: 'IdTesoreria', title: 'Cuenta', render: cuenta },
    { accessor: 'Importe', title: 'Importe', textAlign: 'right', render: (c) => money(c.Importe) },
  ];
  return (
    <PagedList<Cobro>
      data-testid="lista-cobros"
      list={list}
      actions={<ExportMenu path="tesoreria/movstesoreria/export" params={exportar} fileBase={lado.entidad} />}
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
            {nombreTercero(c, lado)} · {cuenta(c)}
          </Text>
        </FilaCompacta>
      )}
      rowHref={(c) => aFactura(c.IdFactura, lado)}
      noRecordsText={
        list.activos
          ? `No hay ${lado.plural.toLowerCase()} con estos filtros`
          : lado === LADO_COBROS
            ? 'Todavía no hay cobros: regístralos con «Nuevo cobro» o desde una factura emitida'
            : `Todavía no hay ${lado.plural.toLowerCase()}: regístralos con «Nuevo ${lado.nombre}» o desde una factura registrada`
      }
    />
  );
}

function ListaVencidas({ onCobrar, lado }: { onCobrar: (id: number) => void; lado: LadoPagos }) {
  const list = usePagedList<FacturaVencida>({
    entidad: lado.vencidas?.entidad ?? '',
    path: lado.vencidas?.ruta ?? '',
    // The due dates of the overdue instalments (the dashboard's ageing buckets link here with them).
    filters: ['vencdesde', 'venchasta'],
    filtros: (v) => ({
      ...(v.vencdesde ? { VencimientoDesde: v.vencdesde } : {}),
      ...(v.venchasta ? { VencimientoHasta: v.venchasta } : {}),
    }),
  });
  const v = list.values;
  const cobrar = (r: FacturaVencida) => (
    <Button
      size="xs"
      variant="light"
      onClick={(e) => {
        e.stopPropagation();
        onCobrar(r.Id);
      }}
    >
      {lado === LADO_COBROS ? 'Cobrar' : 'Pagar'}
    </Button>
  );
  const columns: DataTableColumn<FacturaVencida>[] = [
    { accessor: 'NumSerie', title: 'Factura' },
    { accessor: 'Fecha', title: 'Fecha', render: (r) => formatDate(r.Fecha) },
    { accessor: 'ClienteNombre', title: lado.tercero, render: (r) => nombreTercero(r, lado) },
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
      filterCols={{ base: 1, sm: 2 }}
      filters={
        <>
          <FiltroFecha
            label="Vencimiento desde"
            value={v.vencdesde ?? ''}
            onChange={(x) => list.set({ vencdesde: x })}
          />
          <FiltroFecha
            label="Vencimiento hasta"
            value={v.venchasta ?? ''}
            onChange={(x) => list.set({ venchasta: x })}
          />
        </>
      }
      columns={columns}
      compact={(r) => (
        <FilaCompacta titulo={`${r.NumSerie} · ${nombreTercero(r, lado)}`} accion={cobrar(r)}>
          <Text size="sm">
            Vencida el {formatDate(r.PrimerVencimiento)} ({r.DiasVencida} días) · Pendiente {money(r.Pendiente)}
          </Text>
        </FilaCompacta>
      )}
      rowHref={(r) => aFactura(r.Id, lado)}
      noRecordsText={`No hay facturas vencidas pendientes de ${lado.nombre}`}
    />
  );
}

/** 'Nuevo cobro' / 'Nuevo pago': a pending invoice (its pending amount proposed), date, amount, account, notes. */
export function NuevoCobro({
  factura,
  onClose,
  lado = LADO_COBROS,
}: {
  factura: number | null;
  onClose: () => void;
  lado?: LadoPagos;
}) {
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
  const params = { Pagina: 1, TotalPagina: 200, Filtros: JSON.stringify(lado.facturas.filtro) };
  const facturas = useQuery({
    queryKey: qk.list(info.IdEmpresa, lado.facturas.entidad, params),
    queryFn: () => api.get<ListAnswer<FacturaCobrable>>(`${lado.facturas.ruta}/list`, { params }),
  });
  const estado = (f: FacturaCobrable) => (f as unknown as Record<string, unknown>)[lado.facturas.estado];
  const pendientes = (facturas.data?.Items ?? []).filter((f) => estado(f) !== lado.pagado);
  const elegida = values.IdFactura;
  const detalle = useQuery({
    queryKey: qk.row(info.IdEmpresa, lado.facturas.entidad, elegida ?? '0'),
    queryFn: () => api.get<{ Vencimientos?: Vencimiento[]; Total: string }>(`${lado.facturas.ruta}/edit/${elegida}`),
    enabled: !!elegida,
  });
  const pendiente = detalle.data?.Vencimientos ? pendienteDe(detalle.data.Vencimientos) : null;
  const importe = values.Importe || (pendiente ? decimalEditable(pendiente) : '');
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
      await api.post(`${lado.ruta}/save`, cobroBody({ ...values, Importe: importe }));
      notifySuccess(lado.guardado);
      await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, lado.entidad) });
      if (lado.vencidas)
        await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, lado.vencidas.entidad) });
      await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, lado.facturas.entidad) });
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
    <Modal opened onClose={onClose} title={`Nuevo ${lado.nombre}`} size="lg">
      <Stack gap="sm">
        <Select
          label="Factura"
          required
          searchable
          placeholder={`Busca por número o ${lado.tercero.toLowerCase()}`}
          nothingFoundMessage={`No hay facturas pendientes de ${lado.nombre} con ese texto`}
          data={pendientes.map((f) => ({
            value: String(f.Id),
            label: `${f.NumSerie ?? f.Id} · ${nombreTercero(f, lado)} · ${money(f.Total)}`,
          }))}
          value={values.IdFactura}
          onChange={(v) => setValues((old) => ({ ...old, IdFactura: v, Importe: '' }))}
          error={errores.IdFactura}
        />
        {pendiente && (
          <Alert color="blue" variant="light" data-testid="pendiente">
            Pendiente de {lado.nombre}: {money(pendiente)}
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
          <BotonProtegido permiso="TesoMovsCajaBanco" accion="crear" onClick={guardar} loading={guardando}>
            Guardar
          </BotonProtegido>
        </Group>
      </Stack>
    </Modal>
  );
}

const TRIMESTRES = ['1', '2', '3', '4'].map((t) => ({ value: t, label: `${t}.º trimestre` }));

/**
 * The issued (received) invoice book of a period (this quarter by default): rows per invoice and rate, totals per
 * rate, export (xlsx, ods, pdf, html).
 */
export function LibroFacturasEmitidas({
  title,
  today = hoy(),
  lado = LADO_COBROS,
}: {
  title: string;
  today?: string;
  lado?: LadoPagos;
}) {
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
    queryKey: qk.list(info.IdEmpresa, lado.libro.entidad, params),
    queryFn: () => api.get<RespuestaLibro>(`${lado.libro.ruta}/list`, { params, silent: true }),
    retry: false,
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
          path={`${lado.libro.ruta}/export`}
          params={{ Filtros: filtros }}
          fileBase={`${lado.libro.entidad}-${periodo.FechaDesde}-${periodo.FechaHasta}`}
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
                    {x.Impuesto} {formatNumber(x.PorcentajeIva)} %
                    {Number(x.PorcentajeRecargo) ? ` (recargo ${formatNumber(x.PorcentajeRecargo)} %)` : ''}
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
            Retenciones: {money(totales.General.Retencion)} · {lado.libro.total}: {money(totales.General.Total)}
          </Text>
        </Card>
      )}
      {libro.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="error-libro">
          No se ha podido leer el libro: {libro.error.message}
        </Alert>
      )}
      {rows.length === 0 && !libro.isLoading ? (
        !libro.isError && <Text c="dimmed">{lado.libro.vacio}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover data-testid="libro-emitidas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                {lado.libro.numeros.map((n) => (
                  <Table.Th key={n.campo}>{n.etiqueta}</Table.Th>
                ))}
                <Table.Th>{lado.tercero}</Table.Th>
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
                  {lado.libro.numeros.map((n) => (
                    <Table.Td key={n.campo}>
                      {String((r as unknown as Record<string, unknown>)[n.campo] ?? '')}
                    </Table.Td>
                  ))}
                  <Table.Td>{nombreTercero(r, lado)}</Table.Td>
                  <Table.Td>
                    {String((r as unknown as Record<string, unknown>)[lado.terceroNif] ?? r.ClienteNIF ?? '')}
                  </Table.Td>
                  <Table.Td ta="right">{money(r.Base)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(r.PorcentajeIva)}</Table.Td>
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
