import { formatDate, MODELOS_TRIBUTARIOS, type ModeloTributario, NOMBRE_MODELO } from '@faro/domain';
import { Alert, Badge, Button, Card, Group, List, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, streamDownload } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { erroresDe, useErroresCampo } from '../../ui/form/erroresCampo.ts';
import { save } from '../../ui/list/ExportMenu.tsx';
import {
  type Calculo,
  conClave,
  modeloDelEnlace,
  type OpcionesEditadas,
  periodos,
  type Registro,
  TIPO_DECLARACION,
} from './modelosModel.ts';
import { OpcionesIva } from './OpcionesIva.tsx';
import { PresentarModal } from './PresentarModal.tsx';
import { CasillasModelo, Declarados, ModelosGuardados } from './TablasModelo.tsx';
import { TrazaModal } from './TrazaModal.tsx';

const ComprobacionesAnuales = lazy(() =>
  import('./ComprobacionesAnuales.tsx').then((m) => ({ default: m.ComprobacionesAnuales })),
);

/**
 * modtributarios: pick a model, year and period → the form's boxes as the official form lays them out,
 * each amount a button that opens the invoices and lines behind it; the warnings first; the AEAT file, the PDF,
 * the draft with the boxes the books do not hold (payroll, regularisations), «Marcar como presentado» (date and
 * CSV) and the list of saved returns.
 */
/** A return filed again for a period already filed, by kind: its button's text. */
const DECLARACIONES_NUEVAS = { complementaria: 'Complementaria', sustitutiva: 'Sustitutiva' };

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
  const { errores, setErrores } = useErroresCampo();
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
        setErrores(erroresDe(e));
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
          {c.Presentada &&
            !borrador &&
            Object.entries(DECLARACIONES_NUEVAS).map(([tipo, texto]) => (
              <BotonProtegido
                key={tipo}
                permiso="ImptoEmit"
                variant="default"
                onClick={() => guardar(tipo).catch(() => undefined)}
              >
                {texto}
              </BotonProtegido>
            ))}
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
      {c && (
        <CasillasModelo
          modelo={modelo}
          calculo={c}
          ajustes={ajustes ?? borrador?.Ajustes.Casillas}
          ajustar={(k, v) => setAjustes({ ...(ajustes ?? borrador?.Ajustes.Casillas ?? {}), [k]: v })}
          verTraza={setTraza}
        />
      )}
      {c && (ajustes || opciones) && (
        <Group>
          <BotonProtegido permiso="ImptoEmit" onClick={() => guardar().catch(() => undefined)}>
            Guardar y recalcular
          </BotonProtegido>
        </Group>
      )}
      {c && c.Declarados.length > 0 && <Declarados modelo={modelo} declarados={c.Declarados} />}
      <ModelosGuardados anyo={anyo} registros={lista.data?.Items} />
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
