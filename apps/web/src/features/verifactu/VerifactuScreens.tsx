import 'mantine-datatable/styles.css';
import { codificarQr, formatAmount, IMPRESION_QR, LEVEL_FOR_ACTION, levelIn, type RouteDef } from '@faro/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  FileInput,
  Grid,
  Group,
  Loader,
  Modal,
  PasswordInput,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, call, type ListAnswer } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { DebouncedText } from '../../ui/fields/filters.tsx';
import { totalText } from '../../ui/list/listState.ts';
import { pagedTableProps } from '../../ui/list/pagedTable.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import {
  CLASES_VF,
  type ClaseVf,
  type ConfiguracionVista,
  EFECTOS_AEAT,
  ENTIDAD_VF,
  ESTADOS_VF,
  type EstadoEnvioVista,
  type EstadoVf,
  fechaAeatTexto,
  fechaHoraTexto,
  huellaCorta,
  PERMISO_VF,
  type RegistroFila,
  type RegistroVista,
  RUTA_VF,
  TIPOS_FACTURA_VF,
  type VerificacionVista,
} from './verifactuModel.ts';

const TAM_PAGINA = 50;
const NO_ACTIVO = 'VeriFactu no está activo para esta empresa';

/**
 * Screens of fventaverifactu (the queue of VeriFactu records: states, filters, send now, chain check,
 * configuration and certificate) and fventavisorvf (the viewer: record, huella and previous huella, chain status,
 * QR, XML and the AEAT answer explained). `segments` are the path segments after the action.
 */
export function VerifactuScreens({ action, segments }: { action: string; segments: string[]; route: RouteDef }) {
  const { info, centro } = useReady();
  const level = levelIn(info, PERMISO_VF, centro);
  if (info.TipoFacturaElectronica !== 'verifactu') {
    return (
      <Alert color="gray" variant="light" maw={640}>
        {NO_ACTIVO}
      </Alert>
    );
  }
  if (level < LEVEL_FOR_ACTION.list) return <Forbidden />;
  if (action === 'fventavisorvf') {
    const id = segments.find((s) => /^\d+$/.test(s));
    if (id && segments[0] === 'factura') return <VisorFactura key={id} idFactura={Number(id)} />;
    return id ? <VisorVerifactu key={id} id={Number(id)} /> : <BuscadorVisor />;
  }
  return <ColaVerifactu />;
}

export function EstadoBadge({ estado }: { estado: EstadoVf }) {
  const e = ESTADOS_VF[estado] ?? { label: estado, color: 'gray' };
  return (
    <Badge size="sm" variant="light" color={e.color}>
      {e.label}
    </Badge>
  );
}

/** The QR of a cotejo URL drawn from the domain's encoder (level M), with the legends of the printed invoice. */
export function QrVerifactu({ url, tamano = 160 }: { url: string; tamano?: number }) {
  const { modulos } = codificarQr(url);
  const margen = 4;
  const lado = modulos.length + margen * 2;
  let d = '';
  modulos.forEach((fila, y) => {
    fila.forEach((oscuro, x) => {
      if (oscuro) d += `M${x + margen} ${y + margen}h1v1h-1z`;
    });
  });
  return (
    <Stack gap={2} align="center">
      <Text size="xs">{IMPRESION_QR.leyendaSuperior}</Text>
      <svg
        role="img"
        aria-label="Código QR tributario"
        viewBox={`0 0 ${lado} ${lado}`}
        width={tamano}
        height={tamano}
        shapeRendering="crispEdges"
      >
        <rect width={lado} height={lado} fill="#fff" />
        <path d={d} fill="#000" data-testid="qr-modulos" />
      </svg>
      <Text size="xs" fw={700}>
        {IMPRESION_QR.leyendaInferior}
      </Text>
    </Stack>
  );
}

// ------------------------------------------------------------------------------------------------------------------
// Queue

export function ColaVerifactu() {
  usePageTitle('Registros VeriFactu');
  const { info, centro } = useReady();
  const level = levelIn(info, PERMISO_VF, centro);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [config, setConfig] = useState(false);
  const [verificacion, setVerificacion] = useState<VerificacionVista | null>(null);
  const [enviando, setEnviando] = useState(false);
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const buscar = params.get('buscar') ?? '';
  const estado = params.get('estado') ?? '';
  const clase = params.get('clase') ?? '';
  const update = (patch: Record<string, string | number>) => {
    const next = new URLSearchParams(params);
    next.set('pagina', '1');
    for (const [k, v] of Object.entries(patch)) {
      if (v === '' || v === 1) next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next);
  };
  const filtros: Record<string, unknown> = {};
  if (buscar.trim()) filtros.Buscar = buscar.trim();
  if (estado) filtros.Estado = estado;
  if (clase) filtros.Clase = clase;
  // Newest first (the server reads a missing Descendente as ascending).
  const query = { Pagina: pagina, TotalPagina: TAM_PAGINA, Descendente: true, Filtros: JSON.stringify(filtros) };
  const list = useQuery({
    queryKey: qk.list(info.IdEmpresa, ENTIDAD_VF, query),
    queryFn: () => api.get<ListAnswer<RegistroFila>>(`${RUTA_VF}/list`, { params: query }),
    placeholderData: keepPreviousData,
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
  const data = list.data;
  const rows = data?.Items ?? [];
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
          <EstadoBadge estado={r.Estado} />
          {r.CodigoErrorRegistro !== null && (
            <Badge size="sm" variant="outline" color="red">
              {r.CodigoErrorRegistro}
            </Badge>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            Registros VeriFactu
          </Title>
          <Text size="sm" c="dimmed" data-testid="list-total">
            {data ? totalText(data.Total, data.TotalLimitado) : '\u00a0'}
          </Text>
        </div>
        <Group gap="xs">
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
        </Group>
      </Group>
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
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <DebouncedText
            label="Buscar"
            placeholder="Número de factura"
            value={buscar}
            onChange={(v) => update({ buscar: v })}
          />
          <Select
            label="Estado"
            placeholder="Todos"
            clearable
            data={Object.entries(ESTADOS_VF).map(([value, { label }]) => ({ value, label }))}
            value={estado || null}
            onChange={(v) => update({ estado: v ?? '' })}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Registro"
            placeholder="Todos"
            clearable
            data={Object.entries(CLASES_VF).map(([value, label]) => ({ value, label }))}
            value={clase || null}
            onChange={(v) => update({ clase: v ?? '' })}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
      </Card>
      <DataTable<RegistroFila>
        {...pagedTableProps({
          data,
          records: rows,
          fetching: list.isFetching,
          page: pagina,
          pageSize: TAM_PAGINA,
          onPageChange: (p) => update({ pagina: p }),
        })}
        columns={columns}
        noRecordsText="No hay registros VeriFactu"
        onRowClick={({ record }) => navigate(`/fventavisorvf/editar/${record.Id}`)}
        rowStyle={() => ({ cursor: 'pointer' })}
      />
      <Modal opened={config} onClose={() => setConfig(false)} title="Configuración VeriFactu" size="lg">
        {config && <ConfiguracionVerifactu editable={level >= 3} onSaved={refrescar} />}
      </Modal>
    </Stack>
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

// ------------------------------------------------------------------------------------------------------------------
// Configuration

export function ConfiguracionVerifactu({ editable, onSaved }: { editable: boolean; onSaved?: () => void }) {
  const { info } = useReady();
  const cfg = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, ENTIDAD_VF), 'config'],
    queryFn: () => api.get<ConfiguracionVista>(`${RUTA_VF}/config`),
  });
  if (!cfg.data) return <Loader size="sm" />;
  return <FormConfig key={JSON.stringify(cfg.data)} inicial={cfg.data} editable={editable} onSaved={onSaved} />;
}

function FormConfig({
  inicial,
  editable,
  onSaved,
}: {
  inicial: ConfiguracionVista;
  editable: boolean;
  onSaved?: () => void;
}) {
  const { info } = useReady();
  const client = useQueryClient();
  const [v, setV] = useState(inicial);
  const [fichero, setFichero] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const set = <K extends keyof ConfiguracionVista>(k: K, valor: ConfiguracionVista[K]) => setV({ ...v, [k]: valor });
  const guardado = async (nuevo: ConfiguracionVista) => {
    client.setQueryData([...qk.entity(info.IdEmpresa, ENTIDAD_VF), 'config'], nuevo);
    onSaved?.();
  };
  const guardar = async () => {
    setErrores({});
    try {
      const nuevo = await api.put<ConfiguracionVista>(`${RUTA_VF}/config`, {
        ProductorNombre: v.ProductorNombre,
        ProductorNIF: v.ProductorNIF,
        NombreSistemaInformatico: v.NombreSistemaInformatico,
        IdSistemaInformatico: v.IdSistemaInformatico,
        Version: v.Version,
        NumeroInstalacion: v.NumeroInstalacion,
        Entorno: v.Entorno,
        EnvioAeat: v.EnvioAeat,
        Url: v.Url ?? '',
      });
      notifySuccess('Los datos se han guardado correctamente');
      await guardado(nuevo);
    } catch (err) {
      const campos = err instanceof ApiError ? err.fieldErrors : [];
      setErrores(Object.fromEntries(campos.map((c) => [c.Campo, c.Mensaje])));
    }
  };
  const subir = async () => {
    if (!fichero) return;
    const form = new FormData();
    form.append('Password', password);
    form.append('fichero', fichero, fichero.name);
    try {
      const nuevo = await call<ConfiguracionVista>('POST', `${RUTA_VF}/certificado`, { form });
      notifySuccess('Certificado cargado');
      setFichero(null);
      setPassword('');
      await guardado(nuevo);
    } catch {
      // the toast shows the error
    }
  };
  const campo = (
    k: keyof ConfiguracionVista,
    label: string,
    extra: { description?: string; maxLength?: number } = {},
  ) => (
    <TextInput
      label={label}
      value={(v[k] as string | null) ?? ''}
      onChange={(ev) => set(k, ev.currentTarget.value as never)}
      error={errores[k]}
      disabled={!editable}
      {...extra}
    />
  );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Sistema informático (productor y versión) e instalación: aparecen en cada registro. Cambiar el número de
        instalación empieza una cadena nueva.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {campo('ProductorNombre', 'Productor (nombre o razón social)')}
        {campo('ProductorNIF', 'NIF del productor', { maxLength: 9 })}
        {campo('NombreSistemaInformatico', 'Nombre del sistema', { maxLength: 30 })}
        {campo('IdSistemaInformatico', 'Id. del sistema (2 caracteres)', { maxLength: 2 })}
        {campo('Version', 'Versión')}
        {campo('NumeroInstalacion', 'Número de instalación')}
        <Select
          label="Entorno de la AEAT"
          data={[
            { value: 'pruebas', label: 'Pruebas (preproducción)' },
            { value: 'produccion', label: 'Producción' },
          ]}
          value={v.Entorno}
          onChange={(x) => set('Entorno', (x ?? 'pruebas') as ConfiguracionVista['Entorno'])}
          disabled={!editable}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {campo('Url', 'Otro destino (p. ej. simulador local)', {
          description: 'Solo se usa si no se envía al servicio de la AEAT',
        })}
      </SimpleGrid>
      <Switch
        label="Enviar al servicio web de la AEAT del entorno elegido"
        checked={v.EnvioAeat}
        onChange={(ev) => set('EnvioAeat', ev.currentTarget.checked)}
        disabled={!editable}
      />
      <Text size="sm">Destino actual: {inicial.Destino ?? 'ninguno'}</Text>
      {editable && (
        <Group justify="flex-end">
          <Button onClick={guardar}>Guardar</Button>
        </Group>
      )}
      <Card withBorder padding="sm">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Certificado de la empresa
          </Text>
          <Text size="sm" c="dimmed">
            {inicial.Certificado
              ? `Cargado: ${inicial.Certificado.Nombre ?? ''} (${fechaHoraTexto(inicial.Certificado.Subido)})`
              : 'Sin certificado'}
            . Se guarda cifrado; la contraseña nunca se muestra.
          </Text>
          {editable && (
            <Group align="flex-end" grow>
              <FileInput
                label="Fichero .p12 o .pfx"
                accept=".p12,.pfx,application/x-pkcs12"
                value={fichero}
                onChange={setFichero}
                clearable
              />
              <PasswordInput
                label="Contraseña del certificado"
                value={password}
                onChange={(ev) => setPassword(ev.currentTarget.value)}
              />
              <Button onClick={subir} disabled={!fichero} variant="light">
                Subir certificado
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

// ------------------------------------------------------------------------------------------------------------------
// Viewer

function BuscadorVisor() {
  usePageTitle('Visor VeriFactu');
  const { info } = useReady();
  const [buscar, setBuscar] = useState('');
  const query = {
    Pagina: 1,
    TotalPagina: 20,
    Descendente: true,
    Filtros: JSON.stringify(buscar.trim() ? { Buscar: buscar.trim() } : {}),
  };
  const list = useQuery({
    queryKey: qk.list(info.IdEmpresa, ENTIDAD_VF, query),
    queryFn: () => api.get<ListAnswer<RegistroFila>>(`${RUTA_VF}/list`, { params: query }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} fz="h2">
        Visor VeriFactu
      </Title>
      <DebouncedText label="Factura" placeholder="Número de factura" value={buscar} onChange={setBuscar} />
      {list.data && list.data.Items.length === 0 ? (
        <Text c="dimmed" data-testid="visor-vacio">
          {buscar.trim()
            ? `No hay registros VeriFactu de facturas con «${buscar.trim()}»`
            : 'Todavía no hay registros VeriFactu'}
        </Text>
      ) : (
        <Table striped highlightOnHover data-testid="visor-lista">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Factura</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Registro</Table.Th>
              <Table.Th>Estado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.Items ?? []).map((r) => (
              <Table.Tr key={r.Id}>
                <Table.Td>
                  <Anchor component={Link} to={`/fventavisorvf/editar/${r.Id}`}>
                    {r.NumSerieFactura}
                  </Anchor>
                </Table.Td>
                <Table.Td>{fechaAeatTexto(r.FechaExpedicionFactura)}</Table.Td>
                <Table.Td>{CLASES_VF[r.Clase]}</Table.Td>
                <Table.Td>
                  <EstadoBadge estado={r.Estado} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** `/fventavisorvf/factura/{id}`: the viewer of an invoice's latest record (what the sales screens link to). */
function VisorFactura({ idFactura }: { idFactura: number }) {
  const { info } = useReady();
  const registros = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, ENTIDAD_VF), 'factura', idFactura],
    queryFn: () => api.get<ListAnswer<RegistroFila>>(`${RUTA_VF}/factura/${idFactura}`, { silent: true }),
    retry: false,
  });
  if (registros.isError) return <Alert color="gray">Esta factura no tiene registros VeriFactu</Alert>;
  const ultimo = registros.data?.Items.at(-1);
  if (!ultimo) return <Loader size="sm" />;
  return <VisorVerifactu key={ultimo.Id} id={ultimo.Id} />;
}

function Dato({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 96, sm: 220 }} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

export function VisorVerifactu({ id }: { id: number }) {
  usePageTitle('Visor VeriFactu');
  const { info, centro } = useReady();
  const level = levelIn(info, PERMISO_VF, centro);
  const navigate = useNavigate();
  const client = useQueryClient();
  const vista = useQuery({
    queryKey: qk.row(info.IdEmpresa, ENTIDAD_VF, id),
    queryFn: () => api.get<RegistroVista>(`${RUTA_VF}/edit/${id}`),
  });
  const idFactura = vista.data?.IdFactura ?? null;
  const factura = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, ENTIDAD_VF), 'factura', idFactura],
    queryFn: () => api.get<ListAnswer<RegistroFila>>(`${RUTA_VF}/factura/${idFactura}`, { background: true }),
    enabled: idFactura !== null,
  });
  if (vista.isError) return <Alert color="red">No se ha encontrado el registro</Alert>;
  const r = vista.data;
  if (!r) return <Loader size="sm" />;
  const reg = r.Registro as Record<string, unknown> & { IDFactura?: Record<string, string> };
  const error = r.Respuesta?.Error ?? null;
  const subsanar = async () => {
    try {
      const nuevo = await api.post<{ Id: number }>(`${RUTA_VF}/subsanar/${r.Id}`, {});
      notifySuccess('Registro de subsanación generado');
      await client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, ENTIDAD_VF) });
      navigate(`/fventavisorvf/editar/${nuevo.Id}`);
    } catch {
      // the toast shows the error
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            {CLASES_VF[r.Clase]} · {r.NumSerieFactura}
          </Title>
          <Group gap="xs">
            <EstadoBadge estado={r.Estado} />
            <Text size="sm" c="dimmed">
              Registro {r.Secuencia} de la instalación {r.Instalacion}
            </Text>
          </Group>
        </div>
        <Group gap="xs">
          <Button component={Link} to="/fventaverifactu/lista" variant="default">
            Volver a la lista
          </Button>
          {(r.Estado === 'rechazado' || r.Estado === 'conerrores') && level >= LEVEL_FOR_ACTION.update && (
            <Button color="orange" onClick={subsanar}>
              Subsanar
            </Button>
          )}
        </Group>
      </Group>
      {error && (
        <Alert
          color={error.Efecto === 'aceptado' ? 'yellow' : 'red'}
          variant="light"
          title={`Respuesta de la AEAT: error ${error.Codigo} · ${EFECTOS_AEAT[error.Efecto]}`}
          data-testid="error-aeat"
        >
          <Text size="sm">{error.Explicacion}</Text>
          {error.Campo && (
            <Text size="sm" mt={4}>
              Campo a corregir: <Code>{error.Campo}</Code>
            </Text>
          )}
          {r.Respuesta?.DescripcionErrorRegistro && (
            <Text size="xs" c="dimmed" mt={4}>
              Texto de la AEAT: {r.Respuesta.DescripcionErrorRegistro}
            </Text>
          )}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md" padding="sm">
            {/* Fixed layout: on a phone the huella and long values wrap inside the card instead of overflowing it. */}
            <Table layout="fixed" data-testid="datos-registro">
              <Table.Tbody>
                <Dato label="Emisor">{reg.IDFactura?.IDEmisorFactura ?? reg.IDFactura?.IDEmisorFacturaAnulada}</Dato>
                <Dato label="Factura">
                  {r.IdFactura ? (
                    <Anchor component={Link} to={`/fventa/editar/${r.IdFactura}`}>
                      {r.NumSerieFactura}
                    </Anchor>
                  ) : (
                    r.NumSerieFactura
                  )}{' '}
                  · {fechaAeatTexto(r.FechaExpedicionFactura)}
                </Dato>
                {r.TipoFactura && (
                  <Dato label="Tipo de factura">{TIPOS_FACTURA_VF[r.TipoFactura] ?? r.TipoFactura}</Dato>
                )}
                {r.CuotaTotal !== null && <Dato label="Cuota total">{formatAmount(r.CuotaTotal)}</Dato>}
                {r.ImporteTotal !== null && <Dato label="Importe total">{formatAmount(r.ImporteTotal)}</Dato>}
                <Dato label="Generado">{fechaHoraTexto(r.FechaHoraHusoGenRegistro)}</Dato>
                <Dato label="Huella">
                  <Text size="xs" ff="monospace" data-testid="huella">
                    {r.Huella}
                  </Text>
                </Dato>
                <Dato label="Huella anterior">
                  {r.Anterior ? (
                    <Stack gap={0}>
                      <Text size="xs" ff="monospace" data-testid="huella-anterior">
                        {r.HuellaAnterior}
                      </Text>
                      <Anchor component={Link} to={`/fventavisorvf/editar/${r.Anterior.Id}`} size="xs">
                        {CLASES_VF[r.Anterior.Clase]} de {r.Anterior.NumSerieFactura}
                      </Anchor>
                    </Stack>
                  ) : (
                    <Text size="sm">Primer registro de la cadena</Text>
                  )}
                </Dato>
                <Dato label="Cadena">
                  {r.Cadena.Valida ? (
                    <Badge color="green" variant="light">
                      Encadenamiento y huella correctos
                    </Badge>
                  ) : (
                    <Stack gap={2}>
                      <Badge color="red" variant="light">
                        Cadena rota
                      </Badge>
                      {r.Cadena.Incidencias.map((m) => (
                        <Text size="xs" c="red" key={m}>
                          {m}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Dato>
                {r.Respuesta && (
                  <Dato label="Envío">
                    {r.Respuesta.Enviado ? `Respondido el ${fechaHoraTexto(r.Respuesta.Enviado)}` : 'Pendiente'}
                    {` · ${r.Respuesta.Intentos} ${r.Respuesta.Intentos === 1 ? 'intento' : 'intentos'}`}
                    {r.Respuesta.CSV ? ` · CSV ${r.Respuesta.CSV}` : ''}
                    {r.Respuesta.Retrasado ? ' · generado durante una incidencia' : ''}
                  </Dato>
                )}
              </Table.Tbody>
            </Table>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="md" padding="sm">
            {r.UrlQr ? (
              <Stack gap="xs" align="center">
                <QrVerifactu url={r.UrlQr} />
                <Anchor href={r.UrlQr} target="_blank" rel="noreferrer" size="xs" style={{ wordBreak: 'break-all' }}>
                  {r.UrlQr}
                </Anchor>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Los registros de anulación no llevan QR.
              </Text>
            )}
          </Card>
          {(factura.data?.Items.length ?? 0) > 1 && (
            <Card withBorder radius="md" padding="sm" mt="md">
              <Text fw={600} size="sm" mb={4}>
                Registros de esta factura
              </Text>
              {factura.data!.Items.map((x) => (
                <Group key={x.Id} gap="xs">
                  <Anchor
                    component={Link}
                    to={`/fventavisorvf/editar/${x.Id}`}
                    size="sm"
                    fw={x.Id === r.Id ? 700 : 400}
                  >
                    {CLASES_VF[x.Clase as ClaseVf]}
                  </Anchor>
                  <EstadoBadge estado={x.Estado} />
                </Group>
              ))}
            </Card>
          )}
        </Grid.Col>
      </Grid>
      <Card withBorder radius="md" padding="sm">
        <Group justify="space-between" mb={4}>
          <Text fw={600} size="sm">
            XML del registro
          </Text>
        </Group>
        <ScrollArea.Autosize mah={360}>
          <Code block data-testid="xml">
            {r.Xml}
          </Code>
        </ScrollArea.Autosize>
      </Card>
    </Stack>
  );
}
