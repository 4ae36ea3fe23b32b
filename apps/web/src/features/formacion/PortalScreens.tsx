import { formatAmount, formatNumber, type RouteDef } from '@faro/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifyError, notifySuccess } from '../../platform/ui/notify.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { descargarFichero, motivoRechazo, tamano } from '../gestordoc/ficheros.ts';
import { Saldos } from './FacturacionScreens.tsx';
import { claveFormacion, fechaEs, type Semana, useFormacion } from './formacionApi.ts';
import { Calendario } from './HorarioScreens.tsx';
import { MatriculaOnline } from './RegistroAlumno.tsx';
import { Tabla } from './Tabla.tsx';

/** Opens a PDF of the API in a new tab (the bearer token goes with the call, so no plain link). */
async function abrirPdf(path: string) {
  const blob = await api.download(path);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The student and tutor portal ('Mis gestiones'): only the person's own students (the server decides). */
export function PortalScreens({ action, segments, route }: { action: string; segments: string[]; route: RouteDef }) {
  usePageTitle(route.title);
  const { info } = useReady();
  let contenido: React.ReactNode;
  if (action === 'portalumatriculas' && segments[0] === 'nuevo')
    contenido = <MatriculaOnline academia={info.CodigoEmpresa} />;
  else if (action === 'portalumatriculas') contenido = <MisMatriculas />;
  else if (action === 'portalusaldo') contenido = <MiSaldo />;
  else if (action === 'portalufacturas') contenido = <MisFacturas />;
  else if (action === 'portaluevaluaciones') contenido = <MisEvaluaciones />;
  else if (action === 'portaludocumentos') contenido = <MisDocumentos />;
  else contenido = <MiHorario />;
  return (
    <Stack>
      <Title order={2}>{route.title}</Title>
      {contenido}
      <PieEmpresa />
    </Stack>
  );
}

interface Matricula {
  Id: number;
  CodMatricula: string;
  CodAlumno: string;
  Nombre: string;
  Apellidos: string;
  Estado: string;
  FechaAlta: string | null;
  Cursos: { Curso: string; Grupo: string | null; FechaAlta: string; FechaBaja: string | null }[];
}

function MisMatriculas() {
  const q = useFormacion<{ Items: Matricula[] }>('formacion/portal/matriculas');
  const nueva = (
    <Button component={Link} to="/portalumatriculas/nuevo" variant="light" w="fit-content">
      Solicitar una matrícula
    </Button>
  );
  if (q.data && !q.data.Items.length)
    return (
      <Stack>
        <Alert color="gray">Previamente debes de dar de alta una matrícula</Alert>
        {nueva}
      </Stack>
    );
  return (
    <Stack>
      {nueva}
      {q.data?.Items.map((m) => (
        <Card key={m.Id} withBorder>
          <Group justify="space-between">
            <Text fw={600}>
              {m.Nombre} {m.Apellidos}
            </Text>
            <Badge color={m.Estado === 'activo' ? 'green' : 'gray'} variant="light">
              {m.Estado === 'activo' ? 'Activa' : 'Baja'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Matrícula {m.CodMatricula} · alumno {m.CodAlumno}
            {m.FechaAlta ? ` · alta ${fechaEs(m.FechaAlta)}` : ''}
          </Text>
          {m.Cursos.map((c) => (
            <Text key={`${c.Curso}-${c.FechaAlta}`} size="sm">
              {c.Curso}
              {c.Grupo ? ` · grupo ${c.Grupo}` : ''} · desde {fechaEs(c.FechaAlta)}
              {c.FechaBaja ? ` hasta ${fechaEs(c.FechaBaja)}` : ''}
            </Text>
          ))}
        </Card>
      ))}
    </Stack>
  );
}

interface SaldoPortal {
  Saldos: Parameters<typeof Saldos>[0]['filas'];
  CargosPendientes: { Id: number; Fecha: string; Concepto: string; Importe: string }[];
}

function MiSaldo() {
  const q = useFormacion<SaldoPortal>('formacion/portal/saldo');
  return (
    <Stack>
      <Saldos filas={q.data?.Saldos ?? []} />
      <Title order={3} size="h4">
        Cargos pendientes de facturar
      </Title>
      {!q.data?.CargosPendientes.length ? (
        <Text c="dimmed">No hay cargos pendientes.</Text>
      ) : (
        <Tabla
          filas={q.data.CargosPendientes}
          clave={(c) => c.Id}
          minWidth={360}
          columnas={[
            { titulo: 'Fecha', valor: (c) => fechaEs(c.Fecha) },
            { titulo: 'Concepto', valor: (c) => c.Concepto },
            { titulo: 'Importe', valor: (c) => formatAmount(c.Importe), derecha: true },
          ]}
        />
      )}
    </Stack>
  );
}

interface FacturaPortal {
  Id: number;
  NumSerie: string;
  Fecha: string;
  Total: string;
  EstadoCobro: string | null;
}

function MisFacturas() {
  const q = useFormacion<{ Items: FacturaPortal[] }>('formacion/portal/facturas');
  if (q.data && !q.data.Items.length) return <Alert color="gray">No tienes facturas.</Alert>;
  return (
    <Tabla
      filas={q.data?.Items ?? []}
      clave={(f) => f.Id}
      minWidth={360}
      columnas={[
        { titulo: 'Factura', valor: (f) => f.NumSerie },
        { titulo: 'Fecha', valor: (f) => fechaEs(f.Fecha) },
        { titulo: 'Total', valor: (f) => formatAmount(f.Total), derecha: true },
        { titulo: 'Cobro', valor: (f) => f.EstadoCobro ?? 'Pendiente' },
        {
          titulo: 'PDF',
          valor: (f) => (
            <Button size="xs" variant="light" onClick={() => abrirPdf(`formacion/portal/facturas/${f.Id}/pdf`)}>
              Descargar {f.NumSerie}
            </Button>
          ),
        },
      ]}
    />
  );
}

interface Expediente {
  Trimestre: number;
  Items: {
    IdAlumno: number;
    Alumno: string;
    Cursos: {
      IdCurso: number;
      Curso: string;
      Items: { Id: number; Nombre: string; Nota: number | null }[];
      Final: number | null;
    }[];
  }[];
}
const nota = (n: number | null) => (n == null ? '—' : formatNumber(n));

function MisEvaluaciones() {
  const [trimestre, setTrimestre] = useState('1');
  const q = useFormacion<Expediente>('formacion/portal/evaluaciones', { trimestre });
  return (
    <Stack>
      <SegmentedControl
        aria-label="Evaluación"
        value={trimestre}
        onChange={setTrimestre}
        data={['1', '2', '3'].map((t) => ({ value: t, label: `${t}ª evaluación` }))}
      />
      {q.data && !q.data.Items.length && <Alert color="gray">Previamente debes de dar de alta una matrícula</Alert>}
      {q.data?.Items.map((a) => (
        <Card key={a.IdAlumno} withBorder>
          <Group justify="space-between">
            <Text fw={600}>{a.Alumno}</Text>
            <Button
              size="xs"
              variant="light"
              onClick={() => abrirPdf(`formacion/portal/boletin/${a.IdAlumno}?trimestre=${trimestre}`)}
            >
              Boletín de {a.Alumno}
            </Button>
          </Group>
          {a.Cursos.map((c) => (
            <Stack key={c.IdCurso} gap={0} mt="xs">
              <Text size="sm" fw={600}>
                {c.Curso}: {nota(c.Final)}
              </Text>
              {c.Items.map((i) => (
                <Text key={i.Id} size="sm" c="dimmed">
                  {i.Nombre}: {nota(i.Nota)}
                </Text>
              ))}
            </Stack>
          ))}
        </Card>
      ))}
    </Stack>
  );
}

interface DocumentoPortal {
  Id: number;
  Nombre: string;
  Tipo: string;
  Tamano: number;
  Subido: string;
  IdAlumno: number;
  Alumno: string;
}

/**
 * The documents of the person's students: report cards and invoices, the files of the student's folder (what the
 * academy shares and what the family uploaded) and an upload per student under the spec's file rules.
 */
function MisDocumentos() {
  const m = useFormacion<{ Items: Matricula[] }>('formacion/portal/matriculas');
  const f = useFormacion<{ Items: FacturaPortal[] }>('formacion/portal/facturas');
  const d = useFormacion<{ Items: DocumentoPortal[] }>('formacion/portal/documentos');
  const qc = useQueryClient();
  const { info } = useReady();
  const subir = useMutation({
    mutationFn: (v: { alumno: number; fichero: File }) =>
      api.upload<DocumentoPortal>(`formacion/portal/documentos/${v.alumno}`, v.fichero),
    onSuccess: (doc) => {
      notifySuccess(`Documento ${doc.Nombre} subido`);
      void qc.invalidateQueries({ queryKey: [...claveFormacion(info.IdEmpresa), 'formacion/portal/documentos'] });
    },
  });
  const elegir = (alumno: number) => (fichero: File | null) => {
    if (!fichero) return;
    const rechazo = motivoRechazo(fichero);
    if (rechazo) return notifyError(rechazo);
    subir.mutate({ alumno, fichero });
  };
  const vacio = m.data && f.data && d.data && !m.data.Items.length && !f.data.Items.length && !d.data.Items.length;
  if (vacio) return <Alert color="gray">No hay documentos.</Alert>;
  return (
    <Stack gap="xs">
      {m.data?.Items.map((a) => (
        <Anchor
          key={`b${a.Id}`}
          component="button"
          type="button"
          onClick={() => abrirPdf(`formacion/portal/boletin/${a.Id}?trimestre=1`)}
        >
          Boletín de notas de {a.Nombre} (1ª evaluación)
        </Anchor>
      ))}
      {f.data?.Items.map((x) => (
        <Anchor
          key={`f${x.Id}`}
          component="button"
          type="button"
          onClick={() => abrirPdf(`formacion/portal/facturas/${x.Id}/pdf`)}
        >
          Factura {x.NumSerie} de {fechaEs(x.Fecha)}
        </Anchor>
      ))}
      {d.data?.Items.map((x) => (
        <Anchor
          key={`d${x.Id}`}
          component="button"
          type="button"
          onClick={() => descargarFichero(`formacion/portal/documentos/${x.Id}/descargar`, x.Nombre)}
        >
          {x.Nombre} ({x.Alumno}, {tamano(x.Tamano)}, {fechaEs(x.Subido)})
        </Anchor>
      ))}
      <Text size="sm" c="dimmed" mt="sm">
        Puedes enviar a la academia justificantes, documentos de identidad o autorizaciones firmadas: imágenes (jpg,
        png) o pdf de hasta 10 MB.
      </Text>
      <Group gap="xs">
        {m.data?.Items.map((a) => (
          <FileButton key={`s${a.Id}`} onChange={elegir(a.Id)} accept="image/png,image/jpeg,application/pdf">
            {(props) => (
              <Button {...props} variant="light" loading={subir.isPending && subir.variables?.alumno === a.Id}>
                Subir un documento de {a.Nombre}
              </Button>
            )}
          </FileButton>
        ))}
      </Group>
    </Stack>
  );
}

function MiHorario() {
  const q = useFormacion<Semana>('formacion/portal/horario');
  return q.data ? <Calendario semana={q.data} enlazar={false} /> : null;
}

/** The company's data and purchase policy (spec: portalalu/principal/datosempresa). */
function PieEmpresa() {
  const q = useFormacion<{ DatosEmpresa: string; PolDevoluciones: string }>('portalalu/principal/datosempresa');
  if (!q.data) return null;
  return (
    <Card withBorder component="footer" mt="lg">
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {q.data.DatosEmpresa}
      </Text>
      {q.data.PolDevoluciones && (
        <Text size="xs" c="dimmed" mt="xs" style={{ whiteSpace: 'pre-line' }}>
          {q.data.PolDevoluciones}
        </Text>
      )}
    </Card>
  );
}
