import {
  ASISTENCIAS_EXAMEN,
  ENTITIES,
  type FilaAprobados,
  formatDecimal,
  IMPRESOS_EXAMEN,
  RESULTADOS_EXAMEN,
  type RouteDef,
  TIPOS_EXAMEN,
} from '@faro/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { CircularProgress } from '../../ui/CircularProgress.tsx';
import { EntityScreen } from '../../ui/EntityScreen.tsx';
import { ligarTexto, textoDe } from '../../ui/form/erroresCampo.ts';
import { GraficoBarras } from '../../ui/graficos/index.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { claveFormacion, fechaEs, hoyIso, useFormacion } from '../formacion/formacionApi.ts';
import { Tabla } from '../formacion/Tabla.tsx';
import { abrirPdf, nombreCompleto, type Opcion, opcionesDe } from './autoescuelaApi.ts';

interface FilaExamen {
  Id: number;
  Fecha: string;
  TipoExamen: string;
  Permiso: string | null;
  JefaturaTrafico: string | null;
  Examinador: string | null;
  IdAlumno: number;
  Alumno: string;
  NIF: string | null;
  Profesor: string | null;
  Asistencia: string;
  Confirmado: boolean;
  Resultado: string | null;
}
const tipoTexto = (v: string) => TIPOS_EXAMEN.find((t) => t.value === v)?.label ?? v;

/**
 * The 'Exámenes' menu: calexamenes (the exam rows on the generic screens plus the day's results, statistics and a
 * student's history), imprexamenes (the exam forms PDF of a day) and tasasdgt (the fee list plus stock, purchase and
 * assignment).
 */
export function ExamenesScreens({ action, segments, route }: { action: string; segments: string[]; route: RouteDef }) {
  const [vista, ...resto] = segments;
  if (action === 'imprexamenes') return <Impresos title={route.title} />;
  if (action === 'tasasdgt') {
    if (vista === 'stock') return <StockTasas />;
    return (
      <Stack>
        {vista === 'lista' && (
          <Group>
            <Button component={Link} to="/tasasdgt/stock" variant="light">
              Stock, compra y asignación
            </Button>
          </Group>
        )}
        <EntityScreen entity={ENTITIES.tasasdgt} segments={segments} />
      </Stack>
    );
  }
  if (vista === 'resultados') return <ResultadosDia />;
  if (vista === 'estadisticas') return <Estadisticas />;
  if (vista === 'historial' && resto[0]) return <Historial idAlumno={Number(resto[0])} />;
  return (
    <Stack>
      {vista === 'lista' && (
        <Group>
          <Button component={Link} to="/calexamenes/resultados" variant="light">
            Resultados del día
          </Button>
          <Button component={Link} to="/calexamenes/estadisticas" variant="light">
            Estadísticas de aprobados
          </Button>
          <Button component={Link} to="/imprexamenes/lista" variant="light">
            Impresos de examen
          </Button>
        </Group>
      )}
      <EntityScreen entity={ENTITIES.calexamenes} segments={segments} />
    </Stack>
  );
}

function useFecha() {
  const [params, setParams] = useSearchParams();
  const fecha = params.get('fecha') ?? hoyIso();
  return [fecha, (f: string) => f && setParams({ fecha: f }, { replace: true })] as const;
}

/** A day's exam: per student attendance, confirmation and result, each saved on change. */
function ResultadosDia() {
  usePageTitle('Resultados del día');
  const { info } = useReady();
  const qc = useQueryClient();
  const [fecha, setFecha] = useFecha();
  const q = useFormacion<{ Examenes: FilaExamen[] }>('formacion/calexamenes/dia', { fecha });
  const guardar = async (f: FilaExamen, cambios: Record<string, unknown>) => {
    await api.put(`formacion/calexamenes/resultado/${f.Id}`, cambios);
    notifySuccess(`Guardado: ${f.Alumno}`);
    await qc.invalidateQueries({ queryKey: claveFormacion(info.IdEmpresa) });
  };
  return (
    <Stack>
      <Title order={2}>Resultados del día</Title>
      <TextInput type="date" label="Fecha del examen" {...textoDe(fecha, setFecha)} maw={220} />
      {q.data && !q.data.Examenes.length && <Alert color="gray">No hay alumnos asignados a exámenes ese día.</Alert>}
      {q.data && q.data.Examenes.length > 0 && (
        <Tabla
          filas={q.data.Examenes}
          clave={(f) => f.Id}
          minWidth={860}
          columnas={[
            {
              titulo: 'Alumno',
              valor: (f) => (
                <Anchor component={Link} to={`/calexamenes/historial/${f.IdAlumno}`}>
                  {f.Alumno}
                </Anchor>
              ),
            },
            { titulo: 'Prueba', valor: (f) => `${tipoTexto(f.TipoExamen)}${f.Permiso ? ` · ${f.Permiso}` : ''}` },
            { titulo: 'Profesor', valor: (f) => f.Profesor ?? '' },
            {
              titulo: 'Asistencia',
              valor: (f) => (
                <NativeSelect
                  aria-label={`Asistencia de ${f.Alumno}`}
                  size="xs"
                  value={f.Asistencia}
                  data={ASISTENCIAS_EXAMEN.map((a) => ({ value: a.value, label: a.label }))}
                  onChange={(e) => guardar(f, { Asistencia: e.currentTarget.value })}
                />
              ),
            },
            {
              titulo: 'Confirmado',
              valor: (f) => (
                <Checkbox
                  aria-label={`Confirmado ${f.Alumno}`}
                  checked={f.Confirmado}
                  onChange={(e) => guardar(f, { Confirmado: e.currentTarget.checked })}
                />
              ),
            },
            {
              titulo: 'Resultado',
              valor: (f) => (
                <NativeSelect
                  aria-label={`Resultado de ${f.Alumno}`}
                  size="xs"
                  value={f.Resultado ?? ''}
                  data={[
                    { value: '', label: 'Sin resultado' },
                    ...RESULTADOS_EXAMEN.map((r) => ({ value: r.value, label: r.label })),
                  ]}
                  onChange={(e) => guardar(f, { Resultado: e.currentTarget.value || null })}
                />
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

/** Pass rates as horizontal bars (0–100 %), with "aptos de presentados" in the text below. */
function Barras({ titulo, filas }: { titulo: string; filas: FilaAprobados[] }) {
  const resumen = filas.map((f) => `${f.Clave}: ${f.Porcentaje} % (${f.Aptos} de ${f.Presentados})`).join('; ');
  return (
    <Card withBorder padding="sm">
      <Title order={3} size="h5">
        {titulo}
      </Title>
      {!filas.length ? (
        <Text size="sm" c="dimmed">
          Sin resultados en el periodo.
        </Text>
      ) : (
        <GraficoBarras
          titulo={titulo}
          datos={filas.map((f) => ({ Clave: f.Clave, Porcentaje: Number(f.Porcentaje) }))}
          eje="Clave"
          nombreEje="Grupo"
          series={[{ clave: 'Porcentaje', nombre: '% de aptos', color: 'teal.8' }]}
          formato={(v) => `${formatDecimal(v)} %`}
          horizontal
          maximo={100}
        />
      )}
      <Text size="xs" c="dimmed">
        {resumen}
      </Text>
    </Card>
  );
}

function Estadisticas() {
  usePageTitle('Estadísticas de aprobados');
  const [params, setParams] = useSearchParams();
  const anio = hoyIso().slice(0, 4);
  const desde = params.get('desde') ?? `${anio}-01-01`;
  const hasta = params.get('hasta') ?? `${anio}-12-31`;
  const q = useFormacion<{ PorProfesor: FilaAprobados[]; PorPermiso: FilaAprobados[]; PorExaminador: FilaAprobados[] }>(
    'formacion/calexamenes/estadisticas',
    { desde, hasta },
  );
  return (
    <Stack>
      <Title order={2}>Estadísticas de aprobados</Title>
      <Group align="end">
        <TextInput
          type="date"
          label="Desde"
          value={desde}
          onChange={(e) =>
            e.currentTarget.value && setParams({ desde: e.currentTarget.value, hasta }, { replace: true })
          }
        />
        <TextInput
          type="date"
          label="Hasta"
          value={hasta}
          onChange={(e) =>
            e.currentTarget.value && setParams({ desde, hasta: e.currentTarget.value }, { replace: true })
          }
        />
      </Group>
      <Text size="sm" c="dimmed">
        Porcentaje de APTO sobre presentados (APTO y NO APTO); no presentados y aplazados no cuentan.
      </Text>
      {q.data && (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Barras titulo="Por profesor" filas={q.data.PorProfesor} />
          <Barras titulo="Por permiso" filas={q.data.PorPermiso} />
          <Barras titulo="Por examinador" filas={q.data.PorExaminador} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Historial({ idAlumno }: { idAlumno: number }) {
  const q = useFormacion<{ Alumno: string; Examenes: FilaExamen[]; Aptos: number; Presentados: number }>(
    `formacion/calexamenes/historial/${idAlumno}`,
  );
  usePageTitle('Historial de exámenes');
  return (
    <Stack>
      <Title order={2}>Historial de exámenes{q.data ? ` de ${q.data.Alumno}` : ''}</Title>
      {q.data && (
        <>
          <Group gap="md">
            <CircularProgress
              value={q.data.Presentados ? (100 * q.data.Aptos) / q.data.Presentados : 0}
              title={`${q.data.Presentados ? Math.round((100 * q.data.Aptos) / q.data.Presentados) : 0} %`}
              subtitle="de APTO"
              label="Porcentaje de APTO sobre presentados"
            />
            <Text>
              {q.data.Aptos} APTO de {q.data.Presentados} presentados
            </Text>
          </Group>
          <Tabla
            filas={q.data.Examenes}
            clave={(f) => f.Id}
            columnas={[
              { titulo: 'Fecha', valor: (f) => fechaEs(f.Fecha) },
              { titulo: 'Prueba', valor: (f) => `${tipoTexto(f.TipoExamen)}${f.Permiso ? ` · ${f.Permiso}` : ''}` },
              { titulo: 'Examinador', valor: (f) => f.Examinador ?? '' },
              { titulo: 'Resultado', valor: (f) => f.Resultado ?? 'Pendiente' },
            ]}
          />
        </>
      )}
    </Stack>
  );
}

/** imprexamenes: the forms of a day's exam, students pre-filled (PDF). */
function Impresos({ title }: { title: string }) {
  usePageTitle(title);
  const [fecha, setFecha] = useFecha();
  const [impreso, setImpreso] = useState<string>(IMPRESOS_EXAMEN[0].value);
  const [tipo, setTipo] = useState('');
  const q = useFormacion<{ Examenes: FilaExamen[] }>('formacion/calexamenes/dia', { fecha, tipo: tipo || undefined });
  return (
    <Stack maw={900}>
      <Title order={2}>{title}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput type="date" label="Fecha del examen" {...textoDe(fecha, setFecha)} />
        <NativeSelect
          label="Prueba"
          {...textoDe(tipo, setTipo)}
          data={[{ value: '', label: 'Todas' }, ...TIPOS_EXAMEN.map((t) => ({ value: t.value, label: t.label }))]}
        />
        <NativeSelect
          label="Impreso"
          {...textoDe(impreso, setImpreso)}
          data={IMPRESOS_EXAMEN.map((i) => ({ value: i.value, label: i.label }))}
        />
      </SimpleGrid>
      <Group>
        <Button
          onClick={() => abrirPdf('formacion/imprexamenes/pdf', { fecha, impreso, ...(tipo ? { tipo } : {}) })}
          disabled={!q.data?.Examenes.length}
        >
          Generar PDF
        </Button>
      </Group>
      {q.data && !q.data.Examenes.length && <Alert color="gray">No hay alumnos asignados a exámenes ese día.</Alert>}
      {q.data && q.data.Examenes.length > 0 && (
        <Tabla
          filas={q.data.Examenes.filter((f) => f.Asistencia !== 'a')}
          clave={(f) => f.Id}
          columnas={[
            { titulo: 'Alumno', valor: (f) => f.Alumno },
            { titulo: 'DNI/NIE', valor: (f) => f.NIF ?? '' },
            { titulo: 'Prueba', valor: (f) => `${tipoTexto(f.TipoExamen)}${f.Permiso ? ` · ${f.Permiso}` : ''}` },
            { titulo: 'Profesor', valor: (f) => f.Profesor ?? '' },
          ]}
        />
      )}
    </Stack>
  );
}

interface Stock {
  Tipo: string;
  Anio: number;
  Importe: string;
  Compradas: number;
  SinAsignar: number;
  Asignadas: number;
  Consumidas: number;
}
const TIPOS_TASA = ENTITIES.tasasdgt.fields.Tipo?.kind === 'enum' ? ENTITIES.tasasdgt.fields.Tipo.options : [];

/** DGT fees: stock per kind and year, buying a batch, assigning one to a student (and charging it). */
function StockTasas() {
  usePageTitle('Stock de tasas DGT');
  const { info } = useReady();
  const qc = useQueryClient();
  const q = useFormacion<{ Items: Stock[] }>('formacion/tasasdgt/stock');
  const [alumnos, setAlumnos] = useState<Opcion[] | null>(null);
  const anio = Number(hoyIso().slice(0, 4));
  const [compra, setCompra] = useState({
    Tipo: 'permiso',
    Anio: anio,
    Importe: '94.05',
    Cantidad: 10,
    Fecha: hoyIso(),
  });
  const [asig, setAsig] = useState({ IdAlumno: '', Tipo: 'permiso', Cobrar: true });
  const textoCompra = ligarTexto(compra, setCompra);
  const numeroCompra = (k: 'Anio' | 'Cantidad') => ({
    value: compra[k],
    onChange: (v: number | string) => setCompra({ ...compra, [k]: Number(v) }),
  });
  const textoAsig = ligarTexto(asig, setAsig);
  const refrescar = () => qc.invalidateQueries({ queryKey: claveFormacion(info.IdEmpresa) });
  if (alumnos === null) void opcionesDe('alumnos', nombreCompleto).then(setAlumnos);
  const tipos = TIPOS_TASA.map((t) => ({ value: t.value, label: t.label }));
  return (
    <Stack maw={900}>
      <Title order={2}>Tasas DGT</Title>
      {q.data && (
        <Tabla
          filas={q.data.Items}
          clave={(f) => `${f.Tipo}-${f.Anio}`}
          columnas={[
            { titulo: 'Tipo', valor: (f) => tipos.find((t) => t.value === f.Tipo)?.label ?? f.Tipo },
            { titulo: 'Año', valor: (f) => f.Anio },
            { titulo: 'Compradas', valor: (f) => f.Compradas, derecha: true },
            { titulo: 'Sin asignar', valor: (f) => f.SinAsignar, derecha: true },
            { titulo: 'Asignadas', valor: (f) => f.Asignadas, derecha: true },
            { titulo: 'Consumidas', valor: (f) => f.Consumidas, derecha: true },
          ]}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-label="Comprar tasas">
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              await api.post('formacion/tasasdgt/comprar', compra);
              notifySuccess(`${compra.Cantidad} tasas compradas`);
              await refrescar();
            }}
          >
            <Stack>
              <Title order={3} size="h5">
                Comprar tasas
              </Title>
              <NativeSelect label="Tipo" data={tipos} {...textoCompra('Tipo')} />
              <NumberInput label="Año" min={2000} max={2100} {...numeroCompra('Anio')} />
              <TextInput label="Importe" {...textoCompra('Importe')} />
              <NumberInput label="Cantidad" min={1} max={500} {...numeroCompra('Cantidad')} />
              <TextInput type="date" label="Fecha de compra" {...textoCompra('Fecha')} />
              <Button type="submit">Comprar</Button>
            </Stack>
          </form>
        </Card>
        <Card withBorder component="section" aria-label="Asignar una tasa">
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              await api.post('formacion/tasasdgt/asignar', { ...asig, IdAlumno: Number(asig.IdAlumno) || null });
              notifySuccess('Tasa asignada');
              await refrescar();
            }}
          >
            <Stack>
              <Title order={3} size="h5">
                Asignar una tasa a un alumno
              </Title>
              <NativeSelect
                label="Alumno"
                data={[{ value: '', label: 'Elige un alumno' }, ...(alumnos ?? [])]}
                {...textoAsig('IdAlumno')}
              />
              <NativeSelect label="Tipo" data={tipos} {...textoAsig('Tipo')} />
              <Checkbox
                label="Cobrarla al alumno"
                checked={asig.Cobrar}
                onChange={(e) => setAsig({ ...asig, Cobrar: e.currentTarget.checked })}
              />
              <Button type="submit">Asignar</Button>
            </Stack>
          </form>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
