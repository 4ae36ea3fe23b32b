import { ES_FACTURA, LEVEL_FOR_ACTION, levelIn, MSG } from '@faro/domain';
import { Alert, Anchor, Card, Grid, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { type FormErrors, useForm } from '../../ui/form/useForm.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AccionesDocumento } from './AccionesDocumento.tsx';
import { CabeceraDocumento, conAlmacen } from './CabeceraDocumento.tsx';
import { CobrosFactura, useCobrosFactura } from './CobrosFactura.tsx';
import {
  type Configura,
  invalidarDocumentos,
  type SerieFila,
  type TipoIvaFila,
  tipoIvaDefecto,
  useSeries,
  useTrazas,
} from './documentosApi.ts';
import {
  accionesPermitidas,
  campoDe,
  cuerpoGuardar,
  type DocumentoVenta,
  type DocValues,
  hoyIso,
  type LineaForm,
  motivoSoloLectura,
  totalesVivos,
  validarDocumento,
  valoresIniciales,
} from './documentosModel.ts';
import { EstadoBadges } from './EstadoBadges.tsx';
import { HistorialDocumento } from './HistorialDocumento.tsx';
import { LineasGrid } from './LineasGrid.tsx';
import { LlevadoLineas } from './LlevadoLineas.tsx';
import { desdeApi, haciaApi, rutaDe, useLado } from './lado.ts';
import { MarcoEditor, useEditorDocumento } from './MarcoEditor.tsx';
import { hayNotas, NotasDocumento } from './NotasDocumento.tsx';
import { TotalesCard } from './TotalesCard.tsx';
import { type ClienteDatos, datosDeDoc } from './terceroDocumento.ts';

/** `{accion}/nuevo` and `{accion}/editar/{id}` of a document of the side (`LadoProvider`) being drawn. */
export function DocumentoEditor({ recurso, id }: { recurso: string; id?: string }) {
  const { info, centro } = useReady();
  const lado = useLado();
  const def = lado.recursos[recurso];
  const level = def ? levelIn(info, def.permission, centro) : 0;
  const series = useSeries();
  const editor = useEditorDocumento(recurso, rutaDe(lado, recurso), id, level, (mensaje) => (
    <Stack gap="sm" maw={720}>
      <Alert color="red" role="alert">
        {mensaje}
      </Alert>
      <Anchor component={Link} to={`/${recurso}/lista`}>
        Volver a {def?.plural.toLowerCase()}
      </Anchor>
    </Stack>
  ));
  if (editor.espera) return editor.espera;
  const { fila: row, tipos, configura } = editor;
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

/** The form of a sales document: header, lines, notes, totals, collections and history, saved as a whole. */
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
  recurso: string;
  id?: number;
  doc?: DocumentoVenta;
  version: number;
  level: number;
  tipos: TipoIvaFila[];
  configura: Configura | null;
  series: SerieFila[];
}) {
  const { info } = useReady();
  const lado = useLado();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // 'Duplicar' opens a new document with the lines and header of another one (location state).
  const copia = !doc ? (location.state as { copia?: DocumentoVenta } | null)?.copia : undefined;
  const def = lado.recursos[recurso]!;
  const tipo = doc?.Tipo ?? def.tipo;
  const factura = ES_FACTURA(tipo);
  const ivaDefecto = tipoIvaDefecto(tipos, configura);
  const txtConfig = lado.textosConfigurados
    ? [configura?.VentasTxtLibre1, configura?.VentasTxtLibre2, configura?.VentasTxtLibre3]
    : [];
  const inicial = () => {
    const v = {
      ...valoresIniciales(doc ?? copia, { fecha: hoyIso(), tipoIva: ivaDefecto, txt: txtConfig }),
      ...lado.valoresExtra?.(doc),
    };
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
  const etiquetaTercero = lado.tercero.etiqueta;
  const validate = useCallback(
    (v: DocValues) => validarDocumento(v, decimales, etiquetaTercero) as FormErrors<DocValues>,
    [decimales, etiquetaTercero],
  );
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

  const soloLectura =
    motivoSoloLectura(doc, lado.emision.soloLectura) ?? (level < LEVEL_FOR_ACTION.update ? 'Solo lectura' : null);
  const readOnly = soloLectura !== null;
  const titulo = doc ? `${lado.etiquetaTipo[doc.Tipo] ?? doc.Tipo} ${doc.NumSerie ?? '(borrador)'}` : def.nuevo;
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

  // A new document (a duplicate too) is saved even if untouched. Errors show once, in the form's banner (and under
  // their fields): neither the form nor the API client toasts them.
  const guardar = () =>
    form.submit(
      async (values) => {
        const body = haciaApi(lado, {
          ...cuerpoGuardar(values, factura, conAlmacen(info, tipo), lado.simplificada),
          ...lado.cuerpoExtra?.(values, tipo),
        });
        const ruta = rutaDe(lado, recurso);
        const saved = desdeApi(
          lado,
          id
            ? await api.put<DocumentoVenta>(`${ruta}/save/${id}`, body, { silent: true })
            : await api.post<DocumentoVenta>(`${ruta}/save`, body, { silent: true }),
        );
        notifySuccess(MSG.saved);
        if (id) client.setQueryData(qk.row(info.IdEmpresa, recurso, id), saved);
        await invalidarDocumentos(client, info.IdEmpresa, lado.invalidar);
        if (!id) navigate(`/${recurso}/editar/${saved.Id}`, { replace: true });
      },
      { force: !id, toast: false },
    );

  /** Actions on a document with unsaved changes save it first. */
  const guardarAntes = async () => (form.dirty ? guardar() : true);

  const { cobros, pendiente, nivelCobros } = useCobrosFactura(doc, id, factura, lado.pago);
  const textosLibres = ([1, 2, 3] as const).filter((n) => txtConfig[n - 1] || form.values[`VentasTxtLibre${n}`]);

  const trazas = useTrazas(readOnly ? [] : (doc?.Lineas ?? []).map((l) => l.IdProducto));
  const qr = !!lado.panelFactura?.conPanel(info, doc);
  const Panel = lado.panelFactura?.Panel;
  const Extra = lado.Extra;
  const notas = hayNotas(form.values, readOnly, textosLibres);

  return (
    <MarcoEditor
      readOnly={readOnly}
      guardar={guardar}
      volver={{ to: `/${recurso}/lista`, texto: def.plural }}
      titulo={titulo}
      badges={doc && <EstadoBadges doc={doc} />}
      guardando={form.submitting}
      acciones={
        doc &&
        id && (
          <AccionesDocumento
            recurso={recurso}
            doc={doc}
            permitidas={accionesPermitidas(doc, level, nivelCobros, lado)}
            guardarAntes={guardarAntes}
            pendiente={pendiente}
            idCuentaDefecto={configura?.IdCuentaTesoreria ?? null}
          />
        )
      }
    >
      <AvisosDocumento
        doc={doc}
        soloLectura={soloLectura}
        formError={form.formError}
        sinNif={
          lado.simplificada &&
          factura &&
          !readOnly &&
          !form.values.Simplificada &&
          tipo !== 'simplificada' &&
          !!cliente &&
          !cliente.NIF
        }
        sinTipos={tipos.length === 0 && !readOnly}
      />
      <CabeceraDocumento
        form={form}
        doc={doc}
        tipo={tipo}
        readOnly={readOnly}
        cliente={cliente}
        setCliente={setCliente}
        series={series}
      />
      {Extra && <Extra form={form} doc={doc} tipo={tipo} readOnly={readOnly} totales={totales} />}

      <Card withBorder radius="md" padding="md">
        <LineasGrid
          decimalesPrecio={info.DecimalesRedondeo}
          compra={lado.lado === 'compra'}
          trazas={trazas}
          lineas={form.values.Lineas}
          onChange={setLineas}
          tipos={tipos}
          importes={importes}
          errors={(k) => form.errors(k as keyof DocValues & string)}
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
        {notas && (
          <Grid.Col span={{ base: 12, md: qr ? 4 : 7 }}>
            <Card withBorder radius="md" padding="md" h="100%">
              <NotasDocumento form={form} readOnly={readOnly} textosLibres={textosLibres} />
            </Card>
          </Grid.Col>
        )}
        {qr && doc && Panel && (
          <Grid.Col span={{ base: 12, sm: 5, md: 3 }}>
            <Panel doc={doc} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: qr ? 7 : 12, md: 5 }} offset={{ md: notas ? 0 : qr ? 4 : 7 }}>
          <TotalesCard totales={totales} porcRetencion={form.values.PorcRetencion} />
        </Grid.Col>
      </Grid>

      {doc && factura && doc.Numero !== null && cobros && (
        <CobrosFactura doc={doc} cobros={cobros} pendiente={pendiente} />
      )}

      {doc && id && (
        <Card withBorder radius="md" padding="md">
          <Title order={2} fz="h5" mb="sm">
            Historial del documento
          </Title>
          <HistorialDocumento recurso={recurso} id={id} />
        </Card>
      )}
    </MarcoEditor>
  );
}

/** What the document says before its fields: read-only reason, corrective origin, the form error, warnings. */
function AvisosDocumento({
  doc,
  soloLectura,
  formError,
  sinNif,
  sinTipos,
}: {
  doc?: DocumentoVenta;
  soloLectura: string | null;
  formError: string | null;
  sinNif: boolean;
  sinTipos: boolean;
}) {
  return (
    <>
      {soloLectura && doc && (
        <Alert color={doc.Estado === 'Anulada' ? 'red' : 'blue'} variant="light" data-testid="solo-lectura">
          {soloLectura}
        </Alert>
      )}
      {doc?.IdRectificada && (
        <Alert color="orange" variant="light" data-testid="rectifica">
          Factura rectificativa {doc.TipoRectificativa ?? ''}
          {doc.ModoRectificativa === 'S' ? ' por sustitución' : doc.ModoRectificativa === 'I' ? ' por diferencias' : ''}{' '}
          de la{' '}
          <Anchor component={Link} to={`/fventa/editar/${doc.IdRectificada}`}>
            factura original
          </Anchor>
          .
        </Alert>
      )}
      {formError && (
        <Alert color="red" variant="light" role="alert" data-testid="error-formulario">
          {formError}
        </Alert>
      )}
      {sinNif && (
        <Alert color="yellow" variant="light" data-testid="aviso-nif">
          El cliente no tiene NIF: la factura completa lo necesita para emitirse. Complétalo en su ficha o emite una
          factura simplificada.
        </Alert>
      )}
      {sinTipos && (
        <Alert color="yellow" variant="light">
          No se pueden leer los tipos de IVA: escribe su código en cada línea; los totales se calculan al guardar.
        </Alert>
      )}
    </>
  );
}
