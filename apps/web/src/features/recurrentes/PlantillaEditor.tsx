import {
  ACCION_RECURRENTE_LIST,
  ACCIONES_RECURRENTE,
  etiquetaPeriodo,
  formatAmount,
  formatDate,
  LEVEL_FOR_ACTION,
  levelIn,
  MSG,
  PERIODICIDAD_LIST,
} from '@faro/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Select,
  SimpleGrid,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { LOADING_TEXT } from '../../platform/ui/LoadingOverlay.tsx';
import { notifyError, notifySuccess } from '../../platform/ui/notify.ts';
import { errorLines } from '../../ui/form/FormField.tsx';
import { ligarEntrada } from '../../ui/form/Formulario.tsx';
import { type FormErrors, useForm } from '../../ui/form/useForm.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { BuscadorSelect } from '../documentos/BuscadorSelect.tsx';
import { FormaPagoSelect, RetencionInput, SerieSelect } from '../documentos/CamposDocumento.tsx';
import {
  type ClienteFila,
  invalidarDocumentos,
  type TipoIvaFila,
  tipoIvaDefecto,
  useConfigura,
  useSeries,
  useTiposIva,
} from '../documentos/documentosApi.ts';
import { campoDe, hoyIso, type LineaForm } from '../documentos/documentosModel.ts';
import { LineasGrid } from '../documentos/LineasGrid.tsx';
import { desdeApi, haciaApi } from '../documentos/lado.ts';
import { CampoFecha, esperaEditor, ligarCampo, MarcoEditor } from '../documentos/MarcoEditor.tsx';
import { TotalesCard } from '../documentos/TotalesCard.tsx';
import { etiquetaCliente } from '../documentos/terceroDocumento.ts';
import { useRecurrente } from './ladoRecurrente.ts';
import {
  cuerpoPlantilla,
  type GeneradaFila,
  type Plantilla,
  type PlantillaValues,
  proximasFechas,
  type ResultadoGenerar,
  totalesPlantilla,
  validarPlantilla,
  valoresPlantilla,
} from './recurrentesModel.ts';

/** `fventarec/nuevo` and `fventarec/editar/{id}` (and their purchase twins `fcomprarec`, `fgastorec`). */
export function PlantillaEditor({ id }: { id?: string }) {
  const { info, centro } = useReady();
  const rec = useRecurrente();
  const level = levelIn(info, rec.permiso, centro);
  const row = useQuery({
    queryKey: qk.row(info.IdEmpresa, rec.recurso, id ?? 'nuevo'),
    queryFn: async () => desdeApi(rec.lado, await api.get<Plantilla>(`${rec.ruta}/edit/${id}`)),
    enabled: !!id && level >= LEVEL_FOR_ACTION.list,
  });
  const tipos = useTiposIva();
  const configura = useConfigura();
  const espera = esperaEditor({
    level,
    id,
    fila: row,
    cargando: !tipos.data || configura.isPending,
    error: (mensaje) => <Alert color="red">{mensaje}</Alert>,
  });
  if (espera || !tipos.data) return espera;
  return (
    <EditorForm
      key={`${id ?? 'nuevo'}:${row.dataUpdatedAt}`}
      id={id ? Number(id) : undefined}
      plantilla={row.data}
      level={level}
      tipos={tipos.data}
      ivaDefecto={tipoIvaDefecto(tipos.data, configura.data ?? null)}
    />
  );
}

function EditorForm({
  id,
  plantilla,
  level,
  tipos,
  ivaDefecto,
}: {
  id?: number;
  plantilla?: Plantilla;
  level: number;
  tipos: TipoIvaFila[];
  ivaDefecto: string;
}) {
  const { info } = useReady();
  const rec = useRecurrente();
  const tercero = rec.lado.tercero;
  const client = useQueryClient();
  const navigate = useNavigate();
  const decimales = info.DecimalesRedondeo;
  const validate = useCallback(
    (v: PlantillaValues) => validarPlantilla(v, decimales, tercero.etiqueta) as FormErrors<PlantillaValues>,
    [decimales, tercero.etiqueta],
  );
  const form = useForm<PlantillaValues>(
    valoresPlantilla(plantilla, { hoy: hoyIso(), tipoIva: ivaDefecto }),
    validate,
    (c) => campoDe(c) as keyof PlantillaValues & string,
  );
  const [cliente, setCliente] = useState<{ Nombre: string; RegimenIva: string | null } | null>(
    plantilla ? { Nombre: plantilla.ClienteNombre ?? '', RegimenIva: null } : null,
  );
  const [generando, setGenerando] = useState(false);
  const lineasRef = useRef(form.values.Lineas);
  lineasRef.current = form.values.Lineas;
  const readOnly = level < LEVEL_FOR_ACTION.update;
  const titulo = plantilla ? plantilla.Descripcion : rec.nuevo;
  usePageTitle(titulo);

  // The customer's VAT regime (recargo de equivalencia changes the live totals) for a saved template.
  const clienteGuardado = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, tercero.entidad), 'fila', String(plantilla?.Cliente)],
    queryFn: () => api.get<ClienteFila>(`${tercero.ficha}/${plantilla?.Cliente}`, { background: true, silent: true }),
    enabled: !!plantilla,
  });
  const mismoCliente = !!plantilla && form.values.Cliente === plantilla.Cliente;
  const regimen = cliente?.RegimenIva ?? (mismoCliente ? clienteGuardado.data?.RegimenIva : null) ?? null;
  const recargo = regimen === 'recargo';
  const vivos = useMemo(
    () => totalesPlantilla(form.values, tipos, recargo, decimales),
    [form.values, tipos, recargo, decimales],
  );
  const series = useSeries();
  const seriesFactura = (series.data ?? []).filter(
    (s) => rec.lado.seriesDe('factura').includes(s.TipoDocumento) && (!s.Baja || s.Id === form.values.Serie),
  );
  const proximas = proximasFechas(form.values);

  const setLineas = (update: (ls: LineaForm[]) => LineaForm[]) => {
    const next = update(lineasRef.current);
    lineasRef.current = next;
    form.set('Lineas', next);
  };

  const refrescar = async () => {
    await client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, rec.recurso) });
  };

  // Errors show once, in the form's banner (and under their fields), like the sales documents: no toast.
  const guardar = () =>
    form.submit(
      async (values) => {
        const body = haciaApi(rec.lado, cuerpoPlantilla(values));
        const saved = id
          ? await api.put<Plantilla>(`${rec.ruta}/save/${id}`, body, { silent: true })
          : await api.post<Plantilla>(`${rec.ruta}/save`, body, { silent: true });
        notifySuccess(MSG.saved);
        await refrescar();
        if (!id) navigate(`/${rec.recurso}/editar/${saved.Id}`, { replace: true });
      },
      { toast: false },
    );

  const generar = async () => {
    if (!id) return;
    if (form.dirty && !(await guardar())) return;
    setGenerando(true);
    try {
      const r = await api.post<ResultadoGenerar>(`${rec.ruta}/generar/${id}`);
      if (r.Generadas.length) {
        notifySuccess(
          r.Generadas.length === 1 ? 'Se ha generado 1 factura' : `Se han generado ${r.Generadas.length} facturas`,
        );
      } else if (!r.Error) {
        notifySuccess('No hay periodos pendientes: la próxima factura se generará el día previsto');
      }
      if (r.Error) notifyError(r.Error);
      await refrescar();
      await invalidarDocumentos(client, info.IdEmpresa, rec.lado.invalidar);
    } catch {
      // The API client already showed the error.
    } finally {
      setGenerando(false);
    }
  };

  const err = (k: string) => errorLines(form.errors(k as keyof PlantillaValues & string));
  // A required choice among fixed values (periodicity, action): never empty, locked when read-only.
  const eleccion = <K extends 'Periodicidad' | 'Accion'>(k: K) => ({
    value: form.values[k],
    withAsterisk: !readOnly,
    allowDeselect: false,
    readOnly,
    onChange: (v: string | null) => v && form.set(k, v as PlantillaValues[K]),
    error: err(k),
    comboboxProps: { withinPortal: true },
  });

  return (
    <MarcoEditor
      readOnly={readOnly}
      guardar={guardar}
      volver={{ to: `/${rec.recurso}/lista`, texto: rec.titulo }}
      titulo={titulo}
      tituloTestId="titulo-plantilla"
      badges={
        plantilla && (
          <Badge variant="light" color={plantilla.Baja ? 'gray' : 'green'}>
            {plantilla.Baja ? 'De baja' : 'Activa'}
          </Badge>
        )
      }
      guardando={form.submitting}
      acciones={
        id &&
        !readOnly &&
        !plantilla?.Baja && (
          <Button variant="light" onClick={() => void generar()} loading={generando}>
            Generar ahora
          </Button>
        )
      }
    >
      {plantilla?.UltimoError && (
        <Alert color="red" variant="light" data-testid="ultimo-error">
          La última generación se detuvo: {plantilla.UltimoError}
        </Alert>
      )}
      {form.formError && (
        <Alert color="red" variant="light" role="alert">
          {form.formError}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label="Descripción"
            withAsterisk={!readOnly}
            {...ligarEntrada(form, 'Descripcion')}
            readOnly={readOnly}
            autoFocus={!plantilla}
            onBlur={() => form.touch('Descripcion')}
          />
          <BuscadorSelect<ClienteFila>
            path={tercero.path}
            entidad={tercero.entidad}
            label={tercero.etiqueta}
            placeholder="Busca por código, nombre o NIF"
            required
            value={form.values.Cliente}
            etiqueta={cliente?.Nombre || (mismoCliente ? clienteGuardado.data?.Nombre : '') || ''}
            opcion={etiquetaCliente}
            readOnly={readOnly}
            error={err('Cliente')}
            onBlur={() => form.touch('Cliente')}
            onPick={(c) => {
              form.set('Cliente', c?.Id ?? null);
              setCliente(c ? { Nombre: c.Nombre, RegimenIva: c.RegimenIva ?? null } : null);
              if (c?.IdFormaPago && !form.values.IdFormaPago) form.set('IdFormaPago', c.IdFormaPago);
            }}
          />
          <SerieSelect
            series={seriesFactura}
            value={form.values.Serie}
            onChange={(v) => form.set('Serie', v)}
            readOnly={readOnly}
            error={err('Serie')}
            sinDefecto="Por defecto"
          />
          <FormaPagoSelect
            value={form.values.IdFormaPago}
            onChange={(v) => form.set('IdFormaPago', v)}
            readOnly={readOnly}
            error={err('IdFormaPago')}
          />
          <Select label="Periodicidad" data={PERIODICIDAD_LIST} {...eleccion('Periodicidad')} />
          <Select
            label="Acción en cada periodo"
            data={ACCION_RECURRENTE_LIST.map((a) => ({ value: a, label: ACCIONES_RECURRENTE[a] }))}
            {...eleccion('Accion')}
          />
          <RetencionInput readOnly={readOnly} {...ligarCampo(form, 'PorcRetencion')} />
          <Switch
            mt={{ lg: 30 }}
            label="Activa"
            checked={!form.values.Baja}
            disabled={readOnly}
            onChange={(e) => form.set('Baja', !e.currentTarget.checked)}
          />
          <CampoFecha label="Fecha de inicio" required readOnly={readOnly} {...ligarCampo(form, 'FechaInicio')} />
          <CampoFecha
            label="Próxima fecha"
            placeholder="La de inicio"
            value={form.values.ProximaFecha}
            readOnly={readOnly}
            onChange={(v) => form.set('ProximaFecha', v)}
            error={err('ProximaFecha')}
          />
          <CampoFecha
            label="Fecha de fin"
            placeholder="Sin fin"
            readOnly={readOnly}
            {...ligarCampo(form, 'FechaFin')}
          />
          <Text size="sm" c="dimmed" mt={{ lg: 28 }} data-testid="proximas-fechas">
            {proximas.length
              ? `Próximas: ${proximas.map((f) => `${formatDate(f)} (${etiquetaPeriodo(f, form.values.Periodicidad)})`).join(' · ')}`
              : 'No quedan periodos por generar'}
          </Text>
        </SimpleGrid>
      </Card>

      <Card withBorder radius="md" padding="md">
        <LineasGrid
          decimalesPrecio={info.DecimalesRedondeo}
          compra={rec.lado.lado === 'compra'}
          lineas={form.values.Lineas}
          onChange={setLineas}
          tipos={tipos}
          importes={vivos.importes}
          errors={(k) => form.errors(k as keyof PlantillaValues & string)}
          touch={(k) => form.touch(k as keyof PlantillaValues & string)}
          readOnly={readOnly}
          cliente={form.values.Cliente}
          fecha={form.values.ProximaFecha || form.values.FechaInicio || hoyIso()}
          tipoIvaDefecto={ivaDefecto}
          errorGeneral={form.errors('Lineas')}
        />
      </Card>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" padding="md" h="100%">
            <Textarea
              label="Observaciones"
              description="Se copian en cada factura, seguidas del periodo (por ejemplo «Periodo: noviembre 2026»)"
              minRows={2}
              {...ligarEntrada(form, 'Observaciones')}
              readOnly={readOnly}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <TotalesCard totales={vivos.totales} porcRetencion={form.values.PorcRetencion} />
        </Grid.Col>
      </Grid>

      {id && <Historial id={id} />}
    </MarcoEditor>
  );
}

/** The invoices the template generated, newest period first, each linking to its invoice. */
function Historial({ id }: { id: number }) {
  const { info } = useReady();
  const rec = useRecurrente();
  const hist = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, rec.recurso), 'historial', id],
    queryFn: () => api.get<ListAnswer<GeneradaFila>>(`${rec.ruta}/historial/${id}`, { background: true }),
  });
  const items = hist.data?.Items ?? [];
  return (
    <Card withBorder radius="md" padding="md" data-testid="historial">
      <Title order={2} fz="h5" mb="xs">
        Facturas generadas
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {hist.isPending ? LOADING_TEXT : 'Todavía no se ha generado ninguna factura'}
        </Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Periodo</Table.Th>
              <Table.Th>Factura</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
              <Table.Th>Envío</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((g) => (
              <Table.Tr key={g.Periodo}>
                <Table.Td>{formatDate(g.Periodo)}</Table.Td>
                <Table.Td>
                  {g.Estado === 'Borrada' ? (
                    <Text size="sm" c="dimmed">
                      Borrada
                    </Text>
                  ) : (
                    <Anchor component={Link} to={`/${rec.generado}/editar/${g.IdFactura}`} size="sm">
                      {g.NumSerie ?? 'Borrador'}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{formatDate(g.Fecha)}</Table.Td>
                <Table.Td>{g.Estado}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{g.Total ? formatAmount(g.Total) : ''}</Table.Td>
                <Table.Td>
                  {g.EnviadaEn ? (
                    <Badge size="sm" variant="light" color="green">
                      Enviada
                    </Badge>
                  ) : g.ErrorEnvio ? (
                    <Text size="xs" c="red">
                      {g.ErrorEnvio}
                    </Text>
                  ) : (
                    ''
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
