import {
  dec,
  ES_FACTURA,
  ESTADOS_VENTA,
  entityByName,
  formatAmount,
  formatDate,
  formatNumber,
  LEVEL_FOR_ACTION,
  levelIn,
  type RecursoVenta,
  sub,
  TIPOS_DOCUMENTO_VENTA,
  toFixed,
} from '@faro/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Divider,
  Grid,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { selectableItems, useReferenceList } from '../../platform/referenceLists.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { errorLines } from '../../ui/form/FormField.tsx';
import { type FormErrors, useForm } from '../../ui/form/useForm.ts';
import { IconArrowLeft } from '../../ui/icons.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AccionesDocumento, pendienteDe } from './AccionesDocumento.tsx';
import { BuscadorSelect } from './BuscadorSelect.tsx';
import { EstadoBadges } from './EstadoBadges.tsx';
import { HistorialDocumento } from './HistorialDocumento.tsx';
import { LineasGrid } from './LineasGrid.tsx';
import { LlevadoLineas } from './LlevadoLineas.tsx';
import { conVerifactu, VerifactuFactura } from './VerifactuFactura.tsx';
import {
  type ClienteFila,
  type CobroFila,
  type Configura,
  invalidarVentas,
  rutaVentas,
  type SerieFila,
  type TipoIvaFila,
  useConfigura,
  useSeries,
  useTiposIva,
} from './ventasApi.ts';
import {
  accionesPermitidas,
  COLOR_ESTADO,
  campoDe,
  cuerpoGuardar,
  type DesgloseDoc,
  type DocumentoVenta,
  type DocValues,
  ETIQUETA_TIPO,
  hoyIso,
  type LineaForm,
  motivoSoloLectura,
  numeroEditable,
  RECURSOS,
  totalesVivos,
  type Vencimiento,
  validarDocumento,
  valoresIniciales,
} from './ventasModel.ts';

export const GUARDADO = 'Los datos se han guardado correctamente';

/** `{accion}/nuevo` and `{accion}/editar/{id}` of a sales document. */
export function DocumentoEditor({ recurso, id }: { recurso: RecursoVenta; id?: string }) {
  const { info, centro } = useReady();
  const level = levelIn(info, TIPOS_DOCUMENTO_VENTA[recurso].permission, centro);
  const row = useQuery({
    queryKey: qk.row(info.IdEmpresa, recurso, id ?? 'nuevo'),
    // Its error is shown on the page (with the way back), not again in a toast.
    queryFn: () => api.get<DocumentoVenta>(`${rutaVentas(recurso)}/edit/${id}`, { silent: true }),
    enabled: !!id && level >= LEVEL_FOR_ACTION.list,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const tipos = useTiposIva();
  const configura = useConfigura();
  const series = useSeries();
  if (level < LEVEL_FOR_ACTION.list || (!id && level < LEVEL_FOR_ACTION.create)) return <Forbidden />;
  if (id && row.isError)
    return (
      <Stack gap="sm" maw={720}>
        <Alert color="red" role="alert">
          {row.error.message}
        </Alert>
        <Anchor component={Link} to={`/${recurso}/lista`}>
          Volver a {RECURSOS[recurso].plural.toLowerCase()}
        </Anchor>
      </Stack>
    );
  if ((id && !row.data) || (tipos.isPending && !tipos.isError) || configura.isPending) {
    return (
      <Center mih={240}>
        <Loader />
      </Center>
    );
  }
  return (
    <EditorForm
      key={id ?? 'nuevo'}
      recurso={recurso}
      id={id ? Number(id) : undefined}
      doc={row.data}
      version={row.dataUpdatedAt}
      level={level}
      tipos={tipos.data ?? []}
      configura={configura.data ?? null}
      series={series.data ?? []}
    />
  );
}

interface ClienteDatos {
  Nombre: string;
  NIF: string | null;
  Direccion: string;
  RegimenIva: string | null;
}

const PROVINCIAS = new Map(
  (entityByName('clientes')?.fields.Provincia?.options ?? []).map((o) => [String(o.value), o.label]),
);
const provincia = (p: string | number | null | undefined) =>
  p === null || p === undefined || p === '' ? null : (PROVINCIAS.get(String(p)) ?? String(p));

const datosDeDoc = (d: DocumentoVenta): ClienteDatos => ({
  Nombre: d.ClienteNombre,
  NIF: d.ClienteNIF,
  Direccion: [
    d.ClienteDireccion,
    [d.ClienteCodPostal, d.ClientePoblacion].filter(Boolean).join(' '),
    provincia(d.ClienteProvincia),
  ]
    .filter(Boolean)
    .join(', '),
  RegimenIva: d.RegimenIva ?? null,
});
const datosDeCliente = (c: ClienteFila): ClienteDatos => ({
  Nombre: c.Nombre,
  NIF: c.NIF,
  Direccion: [c.Direccion, [c.CodPostal, c.Poblacion].filter(Boolean).join(' '), provincia(c.Provincia)]
    .filter(Boolean)
    .join(', '),
  RegimenIva: c.RegimenIva ?? null,
});
const etiquetaCliente = (c: ClienteFila) =>
  `${c.Codigo ? `${c.Codigo} · ` : ''}${c.Nombre}${c.NIF ? ` (${c.NIF})` : ''}`;

function tipoIvaDefecto(tipos: TipoIvaFila[], configura: Configura | null): string {
  const conf = tipos.find((t) => t.Id === configura?.IdTipoIva);
  return conf?.Valor ?? tipos.find((t) => t.Valor === 'IVA21')?.Valor ?? tipos.find((t) => !t.Baja)?.Valor ?? '';
}

function EditorForm({
  recurso,
  id,
  doc,
  version,
  level,
  tipos,
  configura,
  series,
}: {
  recurso: RecursoVenta;
  id?: number;
  doc?: DocumentoVenta;
  version: number;
  level: number;
  tipos: TipoIvaFila[];
  configura: Configura | null;
  series: SerieFila[];
}) {
  const { info } = useReady();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // 'Duplicar' opens a new document with the lines and header of another one (location state).
  const copia = !doc ? (location.state as { copia?: DocumentoVenta } | null)?.copia : undefined;
  const def = RECURSOS[recurso];
  const tipo = doc?.Tipo ?? def.tipo;
  const factura = ES_FACTURA(tipo);
  const ivaDefecto = tipoIvaDefecto(tipos, configura);
  const txtConfig = [configura?.VentasTxtLibre1, configura?.VentasTxtLibre2, configura?.VentasTxtLibre3];
  const inicial = () => {
    const v = valoresIniciales(doc ?? copia, { fecha: hoyIso(), tipoIva: ivaDefecto, txt: txtConfig });
    if (doc || !copia) return v;
    return {
      ...v,
      Fecha: hoyIso(),
      Serie: null,
      Estado: '',
      Lineas: v.Lineas.map((l) => ({ ...l, IdLineaOrigen: null })),
    };
  };
  const decimales = info.DecimalesRedondeo;
  const validate = useCallback((v: DocValues) => validarDocumento(v, decimales) as FormErrors<DocValues>, [decimales]);
  const form = useForm<DocValues>(inicial(), validate, (c) => campoDe(c) as keyof DocValues & string);
  const [cliente, setCliente] = useState<ClienteDatos | null>(() => {
    const base = doc ?? copia;
    return base ? datosDeDoc(base) : null;
  });
  // Leaving the page with unsaved changes asks first (reload, close, typed URL).
  useEffect(() => {
    if (!form.dirty) return;
    const aviso = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', aviso);
    return () => window.removeEventListener('beforeunload', aviso);
  }, [form.dirty]);
  const lineasRef = useRef(form.values.Lineas);
  lineasRef.current = form.values.Lineas;

  // A reload of the document (after an action or a save) replaces the form's values.
  const primera = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version of the document resets the form
  useEffect(() => {
    if (primera.current) {
      primera.current = false;
      return;
    }
    if (doc) {
      form.reset(inicial());
      setCliente(datosDeDoc(doc));
    }
  }, [version]);

  const soloLectura = motivoSoloLectura(doc) ?? (level < LEVEL_FOR_ACTION.update ? 'Solo lectura' : null);
  const readOnly = soloLectura !== null;
  // The customer takes two of the three columns on wide screens and the whole row below (a fixed "span 2" on the
  // phone's single column made a second, squeezed column: dates and selects were cut).
  const anchoCliente = useMatches({ base: '1 / -1', lg: 'span 2' });
  const titulo = doc ? `${ETIQUETA_TIPO[doc.Tipo]} ${doc.NumSerie ?? '(borrador)'}` : def.nuevo;
  usePageTitle(titulo);

  const recargo = (cliente?.RegimenIva ?? '') === 'recargo';
  const vivos = useMemo(
    () => totalesVivos(form.values, tipos, recargo, info.DecimalesRedondeo),
    [form.values, tipos, recargo, info.DecimalesRedondeo],
  );
  const importes = readOnly && doc?.Lineas ? doc.Lineas.map((l) => l.Importe ?? null) : vivos.importes;
  const totales =
    readOnly && doc
      ? {
          BaseImponible: doc.BaseImponible,
          TotalIva: doc.TotalIva,
          TotalRecargo: doc.TotalRecargo,
          TotalRetencion: doc.TotalRetencion,
          Total: doc.Total,
          Desglose: doc.Desglose ?? [],
        }
      : vivos.totales;

  const setLineas = (update: (ls: LineaForm[]) => LineaForm[]) => {
    const next = update(lineasRef.current);
    lineasRef.current = next;
    form.set('Lineas', next);
  };

  // A new document (a duplicate too) is saved even if untouched.
  const guardar = () =>
    form.submit(
      async (values) => {
        const body = cuerpoGuardar(values, factura, conAlmacen);
        const saved = id
          ? await api.put<DocumentoVenta>(`${rutaVentas(recurso)}/save/${id}`, body)
          : await api.post<DocumentoVenta>(`${rutaVentas(recurso)}/save`, body);
        notifySuccess(GUARDADO);
        if (id) client.setQueryData(qk.row(info.IdEmpresa, recurso, id), saved);
        await invalidarVentas(client, info.IdEmpresa);
        if (!id) navigate(`/${recurso}/editar/${saved.Id}`, { replace: true });
      },
      { force: !id },
    );

  /** Actions on a document with unsaved changes save it first. */
  const guardarAntes = async () => (form.dirty ? guardar() : true);

  const cobros = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, 'movstesoreriac'), 'factura', id],
    queryFn: () =>
      api.get<ListAnswer<CobroFila>>('tesoreria/movstesoreriac/list', {
        params: { Pagina: 1, TotalPagina: 200, Filtros: JSON.stringify({ IdFactura: id }) },
        background: true,
        silent: true,
      }),
    enabled: !!doc && factura && doc.Numero !== null,
  });
  const pendiente = doc && cobros.data ? pendienteDe(doc.Total, cobros.data.Items) : null;
  const nivelCobros = levelIn(info, 'TesoMovsCajaBanco');

  const conAlmacen = !!info.Modulos?.ActStock && (tipo === 'albaran' || factura);
  const almacenes = useReferenceList('almacenes');
  const almacenOpts = selectableItems(
    almacenes.data ?? [],
    form.values.IdAlmacen ? [String(form.values.IdAlmacen)] : [],
  );
  const conComercial = !!info.Modulos?.ActComerciales;
  const comerciales = useReferenceList('comerciales');
  const comercialOpts = selectableItems(
    comerciales.data ?? [],
    form.values.IdComercial ? [String(form.values.IdComercial)] : [],
  );
  const fpago = useReferenceList('fpago');
  const fpagoOpts = selectableItems(fpago.data ?? [], form.values.IdFormaPago ? [String(form.values.IdFormaPago)] : []);
  const tiposSerie =
    tipo === 'rectificativa'
      ? ['rectificativa', 'rectificativasimplificada']
      : [form.values.Simplificada ? 'simplificada' : tipo];
  const seriesDelTipo = series.filter(
    (s) => tiposSerie.includes(s.TipoDocumento) && (!s.Baja || s.Id === form.values.Serie),
  );
  const serieDefecto = seriesDelTipo.find((s) => s.Defecto);
  const serieFija = !!doc && (doc.Numero !== null || !factura);
  const estados = factura ? [] : ESTADOS_VENTA[tipo].filter((e) => e !== 'Anulada' || doc?.Estado === 'Anulada');
  const textosLibres = ([1, 2, 3] as const).filter((n) => txtConfig[n - 1] || form.values[`VentasTxtLibre${n}`]);

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    // Enter in a field never saves by surprise (the grid uses it to add lines): Ctrl+Enter or Ctrl+S save.
    const enCampo = e.target instanceof HTMLInputElement;
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && enCampo) e.preventDefault();
    if (readOnly) return;
    if ((e.ctrlKey || e.metaKey) && (e.key === 'Enter' || e.key.toLowerCase() === 's')) {
      e.preventDefault();
      void guardar();
    }
  };

  const qr = conVerifactu(info, doc);
  const err = (k: string) => errorLines(form.errors(k as keyof DocValues & string));
  const lineErrors = (k: string) => form.errors(k as keyof DocValues & string);

  return (
    <form
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(e) => {
        e.preventDefault();
        if (!readOnly) void guardar();
      }}
    >
      <Stack gap="md" maw={1280}>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Button
              component={Link}
              to={`/${recurso}/lista`}
              variant="subtle"
              size="compact-sm"
              leftSection={<IconArrowLeft size={14} />}
              mb={4}
            >
              {def.plural}
            </Button>
            <Group gap="sm" align="center">
              <Title order={1} fz="h2" data-testid="titulo-documento">
                {titulo}
              </Title>
              {doc && <EstadoBadges doc={doc} />}
            </Group>
          </div>
          <Group gap="xs">
            {doc && id && (
              <AccionesDocumento
                recurso={recurso}
                doc={doc}
                permitidas={accionesPermitidas(doc, level, nivelCobros)}
                guardarAntes={guardarAntes}
                pendiente={pendiente}
                idCuentaDefecto={configura?.IdCuentaTesoreria ?? null}
              />
            )}
            {!readOnly && (
              <Button type="submit" loading={form.submitting}>
                Guardar
              </Button>
            )}
          </Group>
        </Group>
        {soloLectura && doc && (
          <Alert color={doc.Estado === 'Anulada' ? 'red' : 'blue'} variant="light" data-testid="solo-lectura">
            {soloLectura}
          </Alert>
        )}
        {doc?.IdRectificada && (
          <Alert color="orange" variant="light" data-testid="rectifica">
            Factura rectificativa {doc.TipoRectificativa ?? ''}
            {doc.ModoRectificativa === 'S'
              ? ' por sustitución'
              : doc.ModoRectificativa === 'I'
                ? ' por diferencias'
                : ''}{' '}
            de la{' '}
            <Anchor component={Link} to={`/fventa/editar/${doc.IdRectificada}`}>
              factura original
            </Anchor>
            .
          </Alert>
        )}
        {form.formError && (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        )}
        {factura && !readOnly && !form.values.Simplificada && tipo !== 'simplificada' && cliente && !cliente.NIF && (
          <Alert color="yellow" variant="light" data-testid="aviso-nif">
            El cliente no tiene NIF: la factura completa lo necesita para emitirse. Complétalo en su ficha o emite una
            factura simplificada.
          </Alert>
        )}
        {tipos.length === 0 && !readOnly && (
          <Alert color="yellow" variant="light">
            No se pueden leer los tipos de IVA: escribe su código en cada línea; los totales se calculan al guardar.
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card withBorder radius="md" padding="md" h="100%">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
                <div style={{ gridColumn: anchoCliente }} data-testid="celda-cliente">
                  <BuscadorSelect<ClienteFila>
                    path="ventas/clientes/list"
                    entidad="clientes"
                    label="Cliente"
                    placeholder="Busca por código, nombre o NIF"
                    required
                    autoFocus={!doc}
                    value={form.values.Cliente}
                    etiqueta={cliente?.Nombre ?? ''}
                    opcion={etiquetaCliente}
                    readOnly={readOnly}
                    error={err('Cliente')}
                    onBlur={() => form.touch('Cliente')}
                    onPick={(c) => {
                      form.set('Cliente', c?.Id ?? null);
                      setCliente(c ? datosDeCliente(c) : null);
                      if (c?.IdFormaPago) form.set('IdFormaPago', c.IdFormaPago);
                      if (c && Number(c.RetencionIrpf ?? 0) > 0)
                        form.set('PorcRetencion', numeroEditable(c.RetencionIrpf));
                    }}
                  />
                </div>
                <DateInput
                  label="Fecha"
                  withAsterisk={!readOnly}
                  valueFormat="DD/MM/YYYY"
                  placeholder="dd/mm/aaaa"
                  value={form.values.Fecha || null}
                  readOnly={readOnly}
                  onChange={(v) => form.set('Fecha', v ? String(v).slice(0, 10) : '')}
                  onBlur={() => form.touch('Fecha')}
                  error={err('Fecha')}
                />
                <Select
                  label="Serie"
                  data={seriesDelTipo.map((s) => ({
                    value: String(s.Id),
                    label: `${s.Codigo} · ${s.Descripcion}`,
                  }))}
                  value={form.values.Serie ? String(form.values.Serie) : null}
                  placeholder={serieDefecto ? `Por defecto (${serieDefecto.Codigo})` : 'Sin serie'}
                  clearable
                  readOnly={readOnly || serieFija}
                  onChange={(v) => form.set('Serie', v ? Number(v) : null)}
                  error={err('Serie')}
                  comboboxProps={{ withinPortal: true }}
                />
                <Select
                  label="Forma de pago"
                  data={fpagoOpts}
                  value={form.values.IdFormaPago ? String(form.values.IdFormaPago) : null}
                  clearable
                  searchable
                  readOnly={readOnly}
                  onChange={(v) => form.set('IdFormaPago', v ? Number(v) : null)}
                  error={err('IdFormaPago')}
                  comboboxProps={{ withinPortal: true }}
                />
                {!factura && (
                  <Select
                    label="Estado"
                    data={estados}
                    value={form.values.Estado || estados[0] || null}
                    readOnly={readOnly}
                    allowDeselect={false}
                    onChange={(v) => form.set('Estado', v ?? '')}
                    error={err('Estado')}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
                {conComercial && (
                  <Select
                    label="Comercial"
                    data={comercialOpts}
                    value={form.values.IdComercial ? String(form.values.IdComercial) : null}
                    placeholder={readOnly ? '' : 'El del cliente'}
                    clearable
                    searchable
                    readOnly={readOnly}
                    onChange={(v) => form.set('IdComercial', v ? Number(v) : null)}
                    error={err('IdComercial')}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
                {conAlmacen && (
                  <Select
                    label="Almacén"
                    data={almacenOpts}
                    value={form.values.IdAlmacen ? String(form.values.IdAlmacen) : null}
                    placeholder={readOnly ? '' : 'El primero activo'}
                    clearable
                    readOnly={readOnly}
                    onChange={(v) => form.set('IdAlmacen', v ? Number(v) : null)}
                    error={err('IdAlmacen')}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
                <TextInput
                  label="Retención IRPF %"
                  inputMode="decimal"
                  placeholder={readOnly ? '' : '0'}
                  value={form.values.PorcRetencion}
                  readOnly={readOnly}
                  onChange={(e) => form.set('PorcRetencion', e.currentTarget.value)}
                  onBlur={() => form.touch('PorcRetencion')}
                  error={err('PorcRetencion')}
                />
                {factura && !doc && info.Modulos?.ActVentasSimplificadas && (
                  <Switch
                    mt={30}
                    label="Factura simplificada"
                    checked={form.values.Simplificada}
                    onChange={(e) => {
                      form.set('Simplificada', e.currentTarget.checked);
                      form.set('Serie', null);
                    }}
                  />
                )}
              </SimpleGrid>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder radius="md" padding="md" h="100%" bg="var(--mantine-color-gray-0)">
              <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                Datos del cliente
              </Text>
              {cliente ? (
                <Stack gap={2} mt={6} data-testid="datos-cliente">
                  <Text fw={600}>{cliente.Nombre}</Text>
                  <Text size="sm">{cliente.NIF ? `NIF ${cliente.NIF}` : 'Sin NIF'}</Text>
                  {cliente.Direccion && (
                    <Text size="sm" c="dimmed">
                      {cliente.Direccion}
                    </Text>
                  )}
                  {recargo && (
                    <Text size="sm" c="orange">
                      En recargo de equivalencia
                    </Text>
                  )}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed" mt={6}>
                  Elige un cliente: sus datos se copian en el documento.
                </Text>
              )}
            </Card>
          </Grid.Col>
        </Grid>

        <Card withBorder radius="md" padding="md">
          <LineasGrid
            decimalesPrecio={info.DecimalesRedondeo}
            lineas={form.values.Lineas}
            onChange={setLineas}
            tipos={tipos}
            importes={importes}
            errors={lineErrors}
            touch={(k) => form.touch(k as keyof DocValues & string)}
            readOnly={readOnly}
            cliente={form.values.Cliente}
            fecha={form.values.Fecha || hoyIso()}
            tipoIvaDefecto={ivaDefecto}
            errorGeneral={form.errors('Lineas')}
            total={totales.Total}
          />
          {doc && <LlevadoLineas doc={doc} />}
        </Card>

        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: qr ? 4 : 7 }}>
            <Card withBorder radius="md" padding="md" h="100%">
              <Stack gap="xs">
                <Textarea
                  label="Observaciones"
                  minRows={2}
                  value={form.values.Observaciones}
                  readOnly={readOnly}
                  onChange={(e) => form.set('Observaciones', e.currentTarget.value)}
                  error={err('Observaciones')}
                />
                <TextInput
                  label="Dirección de envío"
                  value={form.values.DireccionEnvio}
                  readOnly={readOnly}
                  onChange={(e) => form.set('DireccionEnvio', e.currentTarget.value)}
                  error={err('DireccionEnvio')}
                />
                {textosLibres.map((n) => (
                  <TextInput
                    key={n}
                    label={`Texto libre ${n}`}
                    value={form.values[`VentasTxtLibre${n}`] as string}
                    readOnly={readOnly}
                    onChange={(e) => form.set(`VentasTxtLibre${n}`, e.currentTarget.value)}
                    error={err(`VentasTxtLibre${n}`)}
                  />
                ))}
              </Stack>
            </Card>
          </Grid.Col>
          {qr && doc && (
            <Grid.Col span={{ base: 12, sm: 5, md: 3 }}>
              <VerifactuFactura doc={doc} />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, sm: qr ? 7 : 12, md: 5 }}>
            <TotalesCard totales={totales} porcRetencion={form.values.PorcRetencion} />
          </Grid.Col>
        </Grid>

        {doc && factura && doc.Numero !== null && cobros.data && (
          <Card withBorder radius="md" padding="md" data-testid="cobros">
            <Group justify="space-between" mb="xs">
              <Title order={2} fz="h5">
                Cobros
              </Title>
              <Text size="sm">
                Cobrado {formatAmount(cobrado(doc.Total, pendiente))} · Pendiente{' '}
                <b data-testid="pendiente">{formatAmount(pendiente)}</b>
              </Text>
            </Group>
            {(doc.Vencimientos?.length ?? 0) > 1 && <VencimientosTabla vencimientos={doc.Vencimientos ?? []} />}
            {cobros.data.Items.length === 0 ? (
              <Text size="sm" c="dimmed">
                Todavía no hay cobros de esta factura.
              </Text>
            ) : (
              <CobrosTabla cobros={cobros.data.Items} />
            )}
          </Card>
        )}

        {doc && id && (
          <Card withBorder radius="md" padding="md">
            <Title order={2} fz="h5" mb="sm">
              Historial del documento
            </Title>
            <HistorialDocumento recurso={recurso} id={id} />
          </Card>
        )}
      </Stack>
    </form>
  );
}

const cobrado = (total: string, pendiente: string | null) =>
  pendiente === null ? '0' : toFixed(sub(dec(total), dec(pendiente)), 2);

function VencimientosTabla({ vencimientos }: { vencimientos: Vencimiento[] }) {
  return (
    <Table withTableBorder mb="sm" data-testid="vencimientos">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Vencimiento</Table.Th>
          <Table.Th ta="right">Importe</Table.Th>
          <Table.Th ta="right">Pendiente</Table.Th>
          <Table.Th>Estado</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {vencimientos.map((v) => (
          <Table.Tr key={v.Plazo}>
            <Table.Td>{formatDate(v.Fecha)}</Table.Td>
            <Table.Td ta="right">{formatAmount(v.Importe)}</Table.Td>
            <Table.Td ta="right">{formatAmount(v.Pendiente)}</Table.Td>
            <Table.Td>
              <Badge size="sm" variant="light" color={COLOR_ESTADO[v.Estado] ?? 'gray'}>
                {v.Estado}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CobrosTabla({ cobros }: { cobros: CobroFila[] }) {
  const cuentas = useReferenceList('tesoreria');
  const nombre = new Map((cuentas.data ?? []).map((c) => [c.value, c.label]));
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fecha</Table.Th>
          <Table.Th>Cuenta</Table.Th>
          <Table.Th>Notas</Table.Th>
          <Table.Th ta="right">Importe</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cobros.map((c) => (
          <Table.Tr key={c.Id}>
            <Table.Td>{formatDate(c.Fecha)}</Table.Td>
            <Table.Td>{nombre.get(String(c.IdTesoreria)) ?? `#${c.IdTesoreria}`}</Table.Td>
            <Table.Td>{c.Notas}</Table.Td>
            <Table.Td ta="right">{formatAmount(c.Importe)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface TotalesVista {
  BaseImponible: string;
  TotalIva: string;
  TotalRecargo: string;
  TotalRetencion: string;
  Total: string;
  Desglose: DesgloseDoc[];
}

/** Base, the breakdown per rate (base, quota, surcharge), withholding and total. */
export function TotalesCard({ totales, porcRetencion }: { totales: TotalesVista; porcRetencion: string }) {
  const fila = (label: React.ReactNode, valor: string, testid?: string, negativo = false) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testid} style={{ whiteSpace: 'nowrap' }}>
        {negativo && Number(valor) ? `−${formatAmount(valor)}` : formatAmount(valor)}
      </Text>
    </Group>
  );
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="totales">
      <Stack gap={6}>
        {fila('Base imponible', totales.BaseImponible, 'total-base')}
        {totales.Desglose.map((d) => (
          <div key={d.TipoIva}>
            {fila(
              `${Number(d.PorcentajeIva) === 0 ? 'Exento / 0 %' : `IVA ${formatNumber(d.PorcentajeIva).replace(/,00$/, '')} %`} sobre ${formatAmount(d.Base)}`,
              d.Cuota,
              `cuota-${d.TipoIva}`,
            )}
            {Number(d.CuotaRecargo) !== 0 &&
              fila(`Recargo ${formatNumber(d.PorcentajeRecargo)} % sobre ${formatAmount(d.Base)}`, d.CuotaRecargo)}
          </div>
        ))}
        {Number(totales.TotalRetencion) !== 0 &&
          fila(`Retención IRPF ${porcRetencion || ''} %`, totales.TotalRetencion, 'total-retencion', true)}
        <Divider my={4} />
        <Group justify="space-between">
          <Text fw={700} size="lg">
            Total
          </Text>
          <Text fw={700} size="xl" data-testid="total">
            {formatAmount(totales.Total)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
