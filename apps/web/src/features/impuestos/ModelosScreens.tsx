import {
  type Aviso,
  CASILLAS_MANUALES,
  CASILLAS_NO_IMPORTE,
  clasesDe,
  type Declarado,
  esModelo,
  formatAmount,
  formatDate,
  formatNumber,
  MODELOS_TRIBUTARIOS,
  type ModeloTributario,
  NOMBRE_MODELO,
  type Perceptor,
  periodoTributario,
  SECCIONES_MODELO,
  type Traza,
} from '@faro/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  List,
  Modal,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, streamDownload } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { SIN_CORTE, TdImporte } from '../../ui/fields/Importe.tsx';
import { save } from '../../ui/list/ExportMenu.tsx';
import { DescargarJustificante, errorJustificante } from './JustificantePdf.tsx';

const ComprobacionesAnuales = lazy(() =>
  import('./ComprobacionesAnuales.tsx').then((m) => ({ default: m.ComprobacionesAnuales })),
);

/**
 * modtributarios: pick a model, year and period → the form's boxes as the official form lays them out,
 * each amount a button that opens the invoices and lines behind it; the warnings first; the AEAT file, the PDF,
 * the draft with the boxes the books do not hold (payroll, regularisations), «Marcar como presentado» (date and
 * CSV) and the list of saved returns.
 */
interface Registro {
  Id: number;
  Modelo: string;
  Anyo: number;
  Periodo: string;
  Tipo: string;
  Estado: 'borrador' | 'presentada';
  FechaPresentacion: string | null;
  Justificante: string | null;
  /** The AEAT's receipt PDF is kept with the return. */
  JustificantePdf?: boolean;
  Resultado: string;
  Ajustes: { Casillas?: Record<string, string> };
}
/** 303's company options (pro-rata, exonerated from 390, activity): saved with the return, carried to later ones. */
interface Opciones {
  Prorrata?: number;
  Exonerado390?: boolean;
  ClaveActividad?: string;
  EpigrafeIAE?: string;
}
interface Calculo {
  Opciones: Opciones | null;
  Casillas: Record<string, string>;
  Formulas: Record<string, string>;
  TipoDeclaracion: string | null;
  /** 190 / 180: perceptor records, with their subkey and withholding. */
  Declarados: (Declarado & Partial<Pick<Perceptor, 'Subclave' | 'Retencion'>>)[];
  Avisos: Aviso[];
  Presentada: boolean;
  Registros: Registro[];
  FechaDesde: string;
  FechaHasta: string;
}
interface RespuestaTraza {
  Casilla: string;
  Importe: string;
  Formula: string | null;
  /** One page of the box's rows (`Total` in all). */
  Lineas: Traza[];
  Total: number;
}
const FILAS_TRAZA = 100;

const TRIMESTRES = ['1T', '2T', '3T', '4T'].map((v) => ({ value: v, label: `${v[0]}.º trimestre` }));
const MESES = 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'
  .split(' ')
  .map((m, i) => ({ value: String(i + 1).padStart(2, '0'), label: m[0]!.toUpperCase() + m.slice(1) }));
const ANUAL = [{ value: '0A', label: 'Anual' }];
const POR_CLASE = { T: TRIMESTRES, M: MESES, A: ANUAL };
/** The periods a model is filed for, from the domain's declaration of each model (periodos.ts). */
const periodos = (m: ModeloTributario) => clasesDe(m).flatMap((c) => POR_CLASE[c]);
const TIPO_DECLARACION: Record<string, string> = {
  I: 'A ingresar',
  C: 'A compensar',
  D: 'A devolver',
  N: 'Sin actividad o resultado cero',
  B: 'Resultado a deducir',
};

/** The quarter before today's (and its year): the return an office closes now. */
function periodoPorDefecto(): { anyo: number; periodo: string } {
  const hoy = new Date();
  const q = Math.floor(hoy.getMonth() / 3);
  return q === 0 ? { anyo: hoy.getFullYear() - 1, periodo: '4T' } : { anyo: hoy.getFullYear(), periodo: `${q}T` };
}

/**
 * The model and period a link opens (`?Modelo=303&Periodo=4T&Ejercicio=2026`, as the dashboard's tax cards link);
 * without them, or with a period that is not one of the model's, 303 and the default period.
 */
export function modeloDelEnlace(q: URLSearchParams): { modelo: ModeloTributario; anyo: number; periodo: string } {
  const defecto = periodoPorDefecto();
  const m = q.get('Modelo') ?? '';
  const modelo = esModelo(m) ? m : '303';
  const anyo = Number(q.get('Ejercicio'));
  const periodo = q.get('Periodo') ?? '';
  const delModelo = (x: string) => periodos(modelo).some((p) => p.value === x);
  if (delModelo(periodo) && typeof periodoTributario(modelo, anyo, periodo) !== 'string')
    return { modelo, anyo, periodo };
  return {
    modelo,
    anyo: defecto.anyo,
    periodo: delModelo(defecto.periodo) ? defecto.periodo : periodos(modelo)[0]!.value,
  };
}

/** Rows with a unique React key: their own id, numbered when it repeats (an invoice with two rates in a box). */
function conClave<T>(filas: readonly T[], id: (x: T) => string): (T & { clave: string })[] {
  const vistas = new Map<string, number>();
  return filas.map((x) => {
    const k = id(x);
    const n = (vistas.get(k) ?? 0) + 1;
    vistas.set(k, n);
    return { ...x, clave: n === 1 ? k : `${k}#${n}` };
  });
}

const valor = (m: ModeloTributario, k: string, v: string | undefined) =>
  v === undefined
    ? ''
    : CASILLAS_NO_IMPORTE[m].includes(k)
      ? formatNumber(v, v.split('.')[1]?.length ?? 0) || v
      : formatAmount(v);

/** `/modtributarios/comprobaciones`: the annual summaries against their periodic returns; else the models. */
export function ModelosScreens(props: { action: string; segments: string[]; route: { title: string } }) {
  if (props.segments[0] === 'comprobaciones')
    return (
      <Suspense fallback={null}>
        <ComprobacionesAnuales />
      </Suspense>
    );
  return <Modelos route={props.route} />;
}

function Modelos({ route }: { route: { title: string } }) {
  const { info } = useReady();
  const qc = useQueryClient();
  const [enlace] = useSearchParams();
  const [inicial] = useState(() => modeloDelEnlace(enlace));
  const [modelo, setModelo] = useState<ModeloTributario>(inicial.modelo);
  const [anyo, setAnyo] = useState(String(inicial.anyo));
  const [periodo, setPeriodo] = useState(inicial.periodo);
  const [traza, setTraza] = useState<string | null>(null);
  const [presentar, setPresentar] = useState(false);
  const [ajustes, setAjustes] = useState<Record<string, string> | null>(null);
  const [opciones, setOpciones] = useState<OpcionesEditadas | null>(null);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const ruta = `${modelo}/${anyo}/${periodo}`;
  const calculo = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'modtributarios', { ruta }),
    queryFn: () => api.get<Calculo>(`impuestos/modtributarios/calcular/${ruta}`, { silent: true }),
    retry: false,
  });
  const lista = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'modtributarios', { lista: anyo }),
    queryFn: () =>
      api.get<{ Items: Registro[] }>('impuestos/modtributarios/presentados/list', { params: { Anyo: anyo } }),
  });
  const refrescar = () => qc.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, 'modtributarios') });
  const c = calculo.data;
  const borrador = c?.Registros.find((r) => r.Estado === 'borrador');
  const cambiarModelo = (v: string | null) => {
    const m = (v ?? '303') as ModeloTributario;
    setModelo(m);
    setAjustes(null);
    setOpciones(null);
    if (!periodos(m).some((p) => p.value === periodo)) setPeriodo(periodos(m)[0]!.value);
  };
  const descargar = async () => {
    const f = await streamDownload(`impuestos/modtributarios/fichero/${ruta}`, {}, () => undefined);
    save(f.blob, f.filename ?? `${modelo}_${anyo}_${periodo}.txt`);
  };
  const pdf = async () => {
    const f = await streamDownload(`impuestos/modtributarios/pdf/${ruta}`, {}, () => undefined);
    save(f.blob, f.filename ?? `modelo-${modelo}-${anyo}-${periodo}.pdf`);
  };
  const guardar = async (tipo = 'normal') => {
    const op = opciones ? { ...opciones, Prorrata: Number(opciones.Prorrata.replace(',', '.')) || undefined } : null;
    const r = await api
      .post<Registro>(`impuestos/modtributarios/guardar/${ruta}`, {
        Tipo: tipo,
        Casillas: ajustes ?? borrador?.Ajustes.Casillas ?? {},
        ...(modelo === '303' ? { Opciones: op ?? c?.Opciones ?? {} } : {}),
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError) setErrores(Object.fromEntries(e.fieldErrors.map((x) => [x.Campo, x.Mensaje])));
        throw e;
      });
    setErrores({});
    notifySuccess(tipo === 'normal' ? 'Borrador guardado' : `Declaración ${tipo} guardada como borrador`);
    setAjustes(null);
    setOpciones(null);
    await refrescar();
    return r;
  };
  const anyos = Array.from({ length: 6 }, (_, i) => String(inicial.anyo + 1 - i));
  const manuales = CASILLAS_MANUALES[modelo];
  const conRetencion = modelo === '190' || modelo === '180';
  const error = calculo.error instanceof ApiError ? calculo.error.message : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {route.title}
        </Title>
        <Button component={Link} to="/modtributarios/comprobaciones" variant="light">
          Comprobaciones anuales
        </Button>
      </Group>
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Modelo"
            data={MODELOS_TRIBUTARIOS.map((m) => ({ value: m, label: NOMBRE_MODELO[m] }))}
            value={modelo}
            onChange={cambiarModelo}
            allowDeselect={false}
          />
          <Select
            label="Ejercicio"
            data={anyos}
            value={anyo}
            onChange={(v) => setAnyo(v ?? anyo)}
            allowDeselect={false}
          />
          <Select
            label="Periodo"
            data={periodos(modelo)}
            value={periodo}
            onChange={(v) => setPeriodo(v ?? periodo)}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Card>
      {error && (
        <Alert color="red" variant="light" title="No se puede calcular">
          {error}
        </Alert>
      )}
      {c && c.Avisos.length > 0 && (
        <Alert color="orange" variant="light" title={`Avisos antes de presentar (${c.Avisos.length})`}>
          <List size="sm" spacing={2}>
            {conClave(c.Avisos.slice(0, 50), (a) => `${a.Codigo}-${a.Id ?? ''}-${a.Mensaje}`).map((a) => (
              <List.Item key={a.clave}>{a.Mensaje}</List.Item>
            ))}
          </List>
          {c.Avisos.length > 50 && <Text size="sm">Y {c.Avisos.length - 50} avisos más.</Text>}
        </Alert>
      )}
      {modelo === '111' && (
        <Text size="sm" c="dimmed">
          Faro no lleva nóminas: las retenciones de trabajo (casillas 01 a 03) se introducen a mano; las de
          profesionales salen de las facturas recibidas con IRPF (clave 111).
        </Text>
      )}
      {c && (
        <Group gap="sm" wrap="wrap">
          <Badge color={c.Presentada ? 'green' : borrador ? 'blue' : 'gray'} variant="light" size="lg">
            {c.Presentada ? 'Presentada' : borrador ? 'Borrador guardado' : 'Sin guardar'}
          </Badge>
          {c.TipoDeclaracion && (
            <Badge variant="outline">{TIPO_DECLARACION[c.TipoDeclaracion] ?? c.TipoDeclaracion}</Badge>
          )}
          <Text size="sm">
            Del {formatDate(c.FechaDesde)} al {formatDate(c.FechaHasta)}
          </Text>
        </Group>
      )}
      {c && (
        <Group gap="sm" wrap="wrap">
          <Button onClick={descargar}>Descargar fichero AEAT</Button>
          <Button variant="default" onClick={pdf}>
            PDF
          </Button>
          {!c.Presentada && (
            <BotonProtegido permiso="ImptoEmit" variant="default" onClick={() => guardar().catch(() => undefined)}>
              Guardar borrador
            </BotonProtegido>
          )}
          {!c.Presentada && (
            <BotonProtegido permiso="ImptoEmit" variant="default" onClick={() => setPresentar(true)}>
              Marcar como presentado
            </BotonProtegido>
          )}
          {c.Presentada && !borrador && (
            <>
              <BotonProtegido
                permiso="ImptoEmit"
                variant="default"
                onClick={() => guardar('complementaria').catch(() => undefined)}
              >
                Complementaria
              </BotonProtegido>
              <BotonProtegido
                permiso="ImptoEmit"
                variant="default"
                onClick={() => guardar('sustitutiva').catch(() => undefined)}
              >
                Sustitutiva
              </BotonProtegido>
            </>
          )}
        </Group>
      )}
      {c && modelo === '303' && (
        <OpcionesIva
          actuales={c.Opciones ?? {}}
          editadas={opciones}
          bloqueadas={c.Presentada}
          errores={errores}
          cambiar={setOpciones}
        />
      )}
      {c &&
        // 303's annual summary (page 04) only comes in the last period.
        SECCIONES_MODELO[modelo]
          .filter((s) => c.Casillas[s.Casillas[0]?.[0] ?? ''] !== undefined)
          .map((s) => (
            <Card key={s.Titulo} withBorder radius="md" padding="sm">
              <Title order={2} fz="h4" mb="xs">
                {s.Titulo}
              </Title>
              <Table.ScrollContainer minWidth={340}>
                <Table striped verticalSpacing={4} aria-label={s.Titulo}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col" w={70}>
                        Casilla
                      </Table.Th>
                      <Table.Th scope="col">Concepto</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Importe
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.Casillas.map(([k, etiqueta]) => {
                      const editable = manuales.includes(k) && !c.Presentada;
                      const v = c.Casillas[k];
                      return (
                        <Table.Tr key={k}>
                          <Table.Td>
                            <Badge variant="light" color="gray" radius="sm">
                              [{k}]
                            </Badge>
                          </Table.Td>
                          <Table.Td>{etiqueta}</Table.Td>
                          <Table.Td ta="right">
                            {editable ? (
                              <TextInput
                                aria-label={`Casilla ${k}: ${etiqueta}`}
                                size="xs"
                                inputMode="decimal"
                                styles={{ input: { textAlign: 'right' } }}
                                value={(ajustes ?? borrador?.Ajustes.Casillas)?.[k] ?? ''}
                                placeholder={v}
                                onChange={(e) =>
                                  setAjustes({
                                    ...(ajustes ?? borrador?.Ajustes.Casillas ?? {}),
                                    [k]: e.currentTarget.value,
                                  })
                                }
                              />
                            ) : CASILLAS_NO_IMPORTE[modelo].includes(k) && !k.match(/^(01|04|07|10)$/) ? (
                              valor(modelo, k, v)
                            ) : (
                              <UnstyledButton
                                onClick={() => setTraza(k)}
                                aria-label={`Casilla ${k}: ${valor(modelo, k, v)}. Ver las facturas`}
                                style={{ textDecoration: 'underline', fontVariantNumeric: 'tabular-nums' }}
                              >
                                {valor(modelo, k, v)}
                              </UnstyledButton>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          ))}
      {c && (ajustes || opciones) && (
        <Group>
          <BotonProtegido permiso="ImptoEmit" onClick={() => guardar().catch(() => undefined)}>
            Guardar y recalcular
          </BotonProtegido>
        </Group>
      )}
      {c && c.Declarados.length > 0 && (
        <Card withBorder radius="md" padding="sm">
          <Title order={2} fz="h4" mb="xs">
            Declarados
          </Title>
          <Table.ScrollContainer minWidth={340}>
            <Table striped aria-label="Declarados">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">NIF</Table.Th>
                  <Table.Th scope="col">Nombre</Table.Th>
                  <Table.Th scope="col">Clave</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Importe
                  </Table.Th>
                  {modelo === '347' && (
                    <Table.Th scope="col" ta="right">
                      En metálico
                    </Table.Th>
                  )}
                  {conRetencion && (
                    <Table.Th scope="col" ta="right">
                      Retención
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.Declarados.map((d) => (
                  <Table.Tr key={`${d.NIF}-${d.Clave}-${d.Importe}`}>
                    <Table.Td>{d.NIF}</Table.Td>
                    <Table.Td>{d.Nombre}</Table.Td>
                    <Table.Td>
                      {d.Clave}
                      {d.Subclave ?? ''}
                    </Table.Td>
                    <TdImporte value={d.Importe} />
                    {modelo === '347' && <TdImporte value={d.Metalico ?? '0'} />}
                    {conRetencion && <TdImporte value={d.Retencion ?? '0'} />}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <Card withBorder radius="md" padding="sm">
        <Title order={2} fz="h4" mb="xs">
          Modelos guardados en {anyo}
        </Title>
        {lista.data && lista.data.Items.length === 0 && <Text size="sm">Ninguno todavía.</Text>}
        {lista.data && lista.data.Items.length > 0 && (
          <Table.ScrollContainer minWidth={340}>
            <Table striped aria-label="Modelos guardados">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Modelo</Table.Th>
                  <Table.Th scope="col">Periodo</Table.Th>
                  <Table.Th scope="col">Estado</Table.Th>
                  <Table.Th scope="col">Presentación</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Resultado
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lista.data.Items.map((r) => (
                  <Table.Tr key={r.Id}>
                    <Table.Td>{r.Modelo}</Table.Td>
                    <Table.Td>{r.Periodo}</Table.Td>
                    <Table.Td>
                      {r.Estado === 'presentada' ? 'Presentada' : 'Borrador'}
                      {r.Tipo !== 'normal' ? ` (${r.Tipo})` : ''}
                    </Table.Td>
                    <Table.Td>
                      {r.FechaPresentacion ? `${formatDate(r.FechaPresentacion)} · ${r.Justificante ?? ''}` : ''}
                      {r.JustificantePdf && <DescargarJustificante id={r.Id} etiqueta={`${r.Modelo} ${r.Periodo}`} />}
                    </Table.Td>
                    <TdImporte value={r.Resultado} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {traza && <TrazaModal ruta={ruta} casilla={traza} onClose={() => setTraza(null)} />}
      {presentar && (
        <PresentarModal
          onClose={() => setPresentar(false)}
          presentar={async ({ Pdf, ...datos }) => {
            const r = borrador ?? (await guardar());
            // The receipt first, on the draft: a refused file leaves the return unfiled.
            if (Pdf) await api.upload(`impuestos/modtributarios/justificante/${r.Id}`, Pdf, { silent: true });
            await api.post(`impuestos/modtributarios/presentar/${r.Id}`, datos);
            notifySuccess('Modelo marcado como presentado: queda bloqueado');
            setPresentar(false);
            await refrescar();
          }}
        />
      )}
    </Stack>
  );
}

type OpcionesEditadas = { Prorrata: string } & Omit<Opciones, 'Prorrata'>;

/** 303's options: the provisional pro-rata and, for the last quarter, exoneration from 390 and the activity. */
function OpcionesIva({
  actuales,
  editadas,
  bloqueadas,
  errores,
  cambiar,
}: {
  actuales: Opciones;
  editadas: OpcionesEditadas | null;
  bloqueadas: boolean;
  errores: Record<string, string>;
  cambiar: (o: OpcionesEditadas) => void;
}) {
  const v: OpcionesEditadas = editadas ?? { ...actuales, Prorrata: String(actuales.Prorrata ?? 100) };
  const set = (x: Partial<OpcionesEditadas>) => cambiar({ ...v, ...x });
  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={2} fz="h4" mb={4}>
        Opciones de IVA de la empresa
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Se guardan con el borrador y se aplican a los siguientes modelos 303 hasta que las cambies.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <TextInput
          label="Prorrata provisional (%)"
          description="Porcentaje del IVA soportado que se deduce (100 sin prorrata)"
          inputMode="numeric"
          disabled={bloqueadas}
          value={v.Prorrata}
          error={errores.Prorrata}
          onChange={(e) => set({ Prorrata: e.currentTarget.value })}
        />
        <Checkbox
          mt={{ base: 0, md: 'xl' }}
          label="Exonerada del modelo 390 (resumen anual en el último periodo)"
          disabled={bloqueadas}
          checked={Boolean(v.Exonerado390)}
          onChange={(e) => set({ Exonerado390: e.currentTarget.checked })}
        />
        <TextInput
          label="Clave de actividad"
          description="Por ejemplo, A01"
          maxLength={3}
          disabled={bloqueadas || !v.Exonerado390}
          value={v.ClaveActividad ?? ''}
          error={errores.ClaveActividad}
          onChange={(e) => set({ ClaveActividad: e.currentTarget.value })}
        />
        <TextInput
          label="Epígrafe del IAE"
          description="Hasta 4 cifras"
          inputMode="numeric"
          maxLength={4}
          disabled={bloqueadas || !v.Exonerado390}
          value={v.EpigrafeIAE ?? ''}
          error={errores.EpigrafeIAE}
          onChange={(e) => set({ EpigrafeIAE: e.currentTarget.value })}
        />
      </SimpleGrid>
    </Card>
  );
}

function TrazaModal({ ruta, casilla, onClose }: { ruta: string; casilla: string; onClose: () => void }) {
  const { info } = useReady();
  const [pagina, setPagina] = useState(1);
  const t = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'modtributarios', { traza: `${ruta}/${casilla}`, pagina }),
    queryFn: () =>
      api.get<RespuestaTraza>(
        `impuestos/modtributarios/traza/${ruta}/${casilla}?Pagina=${pagina}&TotalPagina=${FILAS_TRAZA}`,
      ),
  });
  return (
    <Modal opened onClose={onClose} title={`Casilla ${casilla}`} size="xl">
      {t.data && (
        <Stack gap="sm">
          {t.data.Formula && <Text size="sm">Casilla calculada: {t.data.Formula}</Text>}
          {!t.data.Formula && t.data.Lineas.length === 0 && <Text size="sm">Ninguna factura forma esta casilla.</Text>}
          {t.data.Lineas.length > 0 && (
            <Table.ScrollContainer minWidth={600}>
              <Table striped aria-label={`Facturas de la casilla ${casilla}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Fecha</Table.Th>
                    <Table.Th scope="col">Factura</Table.Th>
                    <Table.Th scope="col">Tercero</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Base
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Cuota
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      En la casilla
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {conClave(t.data.Lineas, (l) => `${l.Libro}-${l.Id}`).map((l) => (
                    <Table.Tr key={l.clave}>
                      <Table.Td style={SIN_CORTE}>{formatDate(l.Fecha)}</Table.Td>
                      <Table.Td>
                        <a href={`/${l.Libro === 'emitidas' ? 'fventa' : 'fcompra'}/editar/${l.Id}`}>{l.NumSerie}</a>
                      </Table.Td>
                      <Table.Td>
                        {l.Tercero}
                        {l.NIF ? ` (${l.NIF})` : ''}
                      </Table.Td>
                      <TdImporte value={l.Base} />
                      <TdImporte value={l.Cuota} />
                      <TdImporte value={l.Importe} />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {t.data.Total > FILAS_TRAZA && (
            <Pagination
              total={Math.ceil(t.data.Total / FILAS_TRAZA)}
              value={pagina}
              onChange={setPagina}
              aria-label={`Páginas de las facturas de la casilla ${casilla}`}
            />
          )}
          <Text size="sm" fw={600}>
            Total de la casilla: <span style={SIN_CORTE}>{formatAmount(t.data.Importe)}</span>
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

function PresentarModal({
  onClose,
  presentar,
}: {
  onClose: () => void;
  presentar: (d: {
    FechaPresentacion: string;
    Justificante: string;
    Domiciliado: boolean;
    Pdf: File | null;
  }) => Promise<void>;
}) {
  const [fecha, setFecha] = useState(new Date().toISOString().slice(0, 10));
  const [csv, setCsv] = useState('');
  const [domiciliado, setDomiciliado] = useState(false);
  const [pdf, setPdf] = useState<File | null>(null);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const enviar = async () => {
    const errorPdf = pdf && (await errorJustificante(pdf));
    if (errorPdf) return setErrores({ Pdf: errorPdf });
    try {
      await presentar({ FechaPresentacion: fecha, Justificante: csv, Domiciliado: domiciliado, Pdf: pdf });
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      // The receipt's refusal has no field (its route answers { Mensaje }): shown under the file input.
      setErrores(
        e.fieldErrors.length ? Object.fromEntries(e.fieldErrors.map((x) => [x.Campo, x.Mensaje])) : { Pdf: e.message },
      );
    }
  };
  return (
    <Modal opened onClose={onClose} title="Marcar como presentado">
      <Stack gap="sm">
        <Text size="sm">
          Una vez presentado, el modelo queda bloqueado: un cambio será una complementaria o sustitutiva.
        </Text>
        <TextInput
          label="Fecha de presentación"
          type="date"
          withAsterisk
          value={fecha}
          onChange={(e) => setFecha(e.currentTarget.value)}
          error={errores.FechaPresentacion}
        />
        <TextInput
          label="CSV o número de justificante"
          withAsterisk
          value={csv}
          onChange={(e) => setCsv(e.currentTarget.value)}
          error={errores.Justificante}
        />
        <FileInput
          label="Justificante de la AEAT en PDF (opcional)"
          accept="application/pdf"
          clearable
          value={pdf}
          onChange={setPdf}
          error={errores.Pdf}
        />
        <Checkbox
          label="Pago domiciliado en cuenta"
          checked={domiciliado}
          onChange={(e) => setDomiciliado(e.currentTarget.checked)}
          error={errores.Domiciliado}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={enviar}>Marcar como presentado</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
