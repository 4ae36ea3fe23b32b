import { DIAS_SEMANA, ENTITIES, type EntityDef, ESTADOS_ASISTENCIA, formatNumber, type RouteDef } from '@faro/domain';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SegmentedControl,
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
import { EntityScreen } from '../../ui/EntityScreen.tsx';
import { usePhone } from '../../ui/list/phone.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { claveFormacion, fechaEs, hoyIso, type Semana, type Sesion, useFormacion } from './formacionApi.ts';

/** The timetable's sessions and closing days on the generic screens, under /horario/sesiones and /horario/cierres. */
const sesionesEnHorario: EntityDef = { ...ENTITIES.horarios, action: 'horario/sesiones' };
const cierresEnHorario: EntityDef = { ...ENTITIES.diascierre, action: 'horario/cierres' };

/**
 * horario (office users and teachers): `lista` the week calendar (a teacher sees their own sessions),
 * `sesiones/…` and `cierres/…` the sessions and closing days on the generic screens, `asistencia/{id}` the
 * attendance of a session on a day (phone first). alumnosprofe: the teacher's sessions with attendance and marks.
 */
export function HorarioScreens({ action, segments, route }: { action: string; segments: string[]; route: RouteDef }) {
  const [vista, ...resto] = segments;
  if (action === 'alumnosprofe') {
    if (vista === 'evaluacion' && resto[0]) return <EvaluacionCurso idCurso={Number(resto[0])} />;
    return <MisAlumnos title={route.title} />;
  }
  if (vista === 'sesiones')
    return <EntityScreen entity={sesionesEnHorario} segments={resto.length ? resto : ['lista']} />;
  if (vista === 'cierres')
    return <EntityScreen entity={cierresEnHorario} segments={resto.length ? resto : ['lista']} />;
  if (vista === 'asistencia' && resto[0]) return <Asistencia idSesion={Number(resto[0])} />;
  return <HorarioSemana title={route.title} />;
}

const SLOT_MIN = 30;
const aSlot = (h: string) => {
  const [hh, mm] = h.split(':').map(Number) as [number, number];
  return Math.floor((hh * 60 + mm) / SLOT_MIN);
};

function HorarioSemana({ title }: { title: string }) {
  usePageTitle(title);
  const { info } = useReady();
  const oficina = (info.Roles ?? []).includes('usuario');
  const q = useFormacion<Semana>('formacion/horario/semana');
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        {oficina && (
          <Group>
            <Button component={Link} to="/horario/sesiones/nuevo">
              Nueva sesión
            </Button>
            <Button component={Link} to="/horario/sesiones/lista" variant="default">
              Sesiones
            </Button>
            <Button component={Link} to="/horario/cierres/lista" variant="default">
              Días de cierre
            </Button>
          </Group>
        )}
      </Group>
      {q.data && <Calendario semana={q.data} />}
    </Stack>
  );
}

/** The week as a CSS grid (hours down, days across); on a phone one card per day. */
export function Calendario({ semana, enlazar = true }: { semana: Semana; enlazar?: boolean }) {
  const phone = usePhone();
  const sesiones = semana.Sesiones;
  const dias = sesiones.some((s) => s.DiaSemana === '7') ? 7 : 6;
  if (!sesiones.length) return <Alert color="gray">No hay sesiones en el horario.</Alert>;
  const tarjeta = (s: Sesion) => (
    <Card withBorder padding="xs" radius="sm" h="100%" data-testid={`sesion-${s.Id}`}>
      <Text size="sm" fw={600}>
        {s.Curso}
        {s.Grupo ? ` · ${s.Grupo}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {s.HoraInicio}–{s.HoraFin}
        {s.Aula ? ` · ${s.Aula}` : ''}
      </Text>
      {s.Profesor && <Text size="xs">{s.Profesor}</Text>}
      {enlazar && (
        <Anchor component={Link} to={`/horario/asistencia/${s.Id}`} size="xs">
          Asistencia
        </Anchor>
      )}
    </Card>
  );
  const cierres = semana.DiasCierre.length ? (
    <Text size="sm" c="dimmed">
      Días de cierre: {semana.DiasCierre.map((d) => `${fechaEs(d.Fecha)} (${d.Descripcion})`).join(', ')}
    </Text>
  ) : null;
  if (phone) {
    return (
      <Stack>
        {DIAS_SEMANA.slice(0, dias).map((dia, i) => {
          const suyas = sesiones.filter((s) => Number(s.DiaSemana) === i + 1);
          if (!suyas.length) return null;
          return (
            <Stack key={dia} gap="xs">
              <Title order={3} size="h5">
                {dia}
              </Title>
              {suyas.map((s) => (
                <Box key={s.Id}>{tarjeta(s)}</Box>
              ))}
            </Stack>
          );
        })}
        {cierres}
      </Stack>
    );
  }
  const inicio = Math.min(...sesiones.map((s) => aSlot(s.HoraInicio)));
  const fin = Math.max(...sesiones.map((s) => aSlot(s.HoraFin)));
  const filas = fin - inicio;
  const horas = Array.from({ length: filas }, (_, i) => inicio + i).filter((slot) => (slot * SLOT_MIN) % 60 === 0);
  return (
    <Stack>
      <Box
        role="region"
        aria-label="Horario semanal"
        style={{
          display: 'grid',
          gridTemplateColumns: `4rem repeat(${dias}, minmax(7rem, 1fr))`,
          gridTemplateRows: `2rem repeat(${filas}, minmax(1.75rem, auto))`,
          gap: 4,
        }}
      >
        {DIAS_SEMANA.slice(0, dias).map((dia, i) => (
          <Text key={dia} fw={600} size="sm" style={{ gridColumn: i + 2, gridRow: 1 }}>
            {dia}
          </Text>
        ))}
        {horas.map((slot) => (
          <Text key={slot} size="xs" c="dimmed" style={{ gridColumn: 1, gridRow: slot - inicio + 2 }}>
            {String((slot * SLOT_MIN) / 60).padStart(2, '0')}:00
          </Text>
        ))}
        {sesiones.map((s) => (
          <Box
            key={s.Id}
            style={{
              gridColumn: Number(s.DiaSemana) + 1,
              gridRow: `${aSlot(s.HoraInicio) - inicio + 2} / ${aSlot(s.HoraFin) - inicio + 2}`,
            }}
          >
            {tarjeta(s)}
          </Box>
        ))}
      </Box>
      {cierres}
    </Stack>
  );
}

interface HojaAsistencia {
  Fecha: string;
  Sesion: { Grupo: string | null; HoraInicio: string; HoraFin: string };
  Alumnos: { IdAlumno: number; Nombre: string; Estado: string | null }[];
}

/** Attendance of one session on a day: one segmented control per student (a tap saves the mark). */
function Asistencia({ idSesion }: { idSesion: number }) {
  usePageTitle('Asistencia');
  const { info } = useReady();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const fecha = params.get('fecha') ?? hoyIso();
  const q = useFormacion<HojaAsistencia>(`formacion/asistencia/${idSesion}`, { fecha });
  const [guardando, setGuardando] = useState<number | null>(null);
  const marcar = async (idAlumno: number, estado: string) => {
    setGuardando(idAlumno);
    try {
      await api.put(`formacion/asistencia/${idSesion}`, { Fecha: fecha, IdAlumno: idAlumno, Estado: estado });
      await qc.invalidateQueries({ queryKey: claveFormacion(info.IdEmpresa) });
    } finally {
      setGuardando(null);
    }
  };
  return (
    <Stack maw={720}>
      <Group justify="space-between" align="end">
        <Title order={2}>Asistencia</Title>
        <TextInput
          type="date"
          label="Fecha"
          value={fecha}
          onChange={(e) => e.currentTarget.value && setParams({ fecha: e.currentTarget.value }, { replace: true })}
        />
      </Group>
      {q.data && (
        <Text c="dimmed" size="sm">
          {fechaEs(q.data.Fecha)} · {q.data.Sesion.HoraInicio}–{q.data.Sesion.HoraFin}
          {q.data.Sesion.Grupo ? ` · grupo ${q.data.Sesion.Grupo}` : ''}
        </Text>
      )}
      {q.data && !q.data.Alumnos.length && <Alert color="gray">No hay alumnos en esta sesión.</Alert>}
      {q.data?.Alumnos.map((a) => (
        <Card key={a.IdAlumno} withBorder padding="sm">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text fw={600} id={`alumno-${a.IdAlumno}`}>
                {a.Nombre}
              </Text>
              {a.Estado === 'f' && (
                <Badge color="red" variant="light">
                  Falta
                </Badge>
              )}
            </Group>
            <SegmentedControl
              fullWidth
              aria-labelledby={`alumno-${a.IdAlumno}`}
              disabled={guardando === a.IdAlumno}
              value={a.Estado ?? ''}
              onChange={(v) => marcar(a.IdAlumno, v)}
              data={ESTADOS_ASISTENCIA.map((e) => ({ value: e.value, label: e.label }))}
            />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The teacher's agenda: their sessions, each with attendance, and their courses with the evaluation sheet. */
function MisAlumnos({ title }: { title: string }) {
  usePageTitle(title);
  const q = useFormacion<Semana>('formacion/horario/mio');
  const cursos = [...new Map((q.data?.Sesiones ?? []).map((s) => [s.IdCurso, s.Curso])).entries()];
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      {q.data && !q.data.Sesiones.length && (
        <Alert color="gray">No tienes sesiones asignadas. La secretaría te asigna como profesor en el horario.</Alert>
      )}
      {cursos.length > 0 && (
        <Group>
          {cursos.map(([id, nombre]) => (
            <Button key={id} component={Link} to={`/alumnosprofe/evaluacion/${id}`} variant="light">
              Notas de {nombre}
            </Button>
          ))}
        </Group>
      )}
      {q.data && <Calendario semana={q.data} />}
    </Stack>
  );
}

interface Hoja {
  Curso: { Id: number; Nombre: string; CalculoEvaluacion: string };
  Trimestre: number;
  Items: { Id: number; Nombre: string; Peso: number }[];
  Alumnos: {
    IdAlumno: number;
    Nombre: string;
    Notas: { IdEvaluacion: number; Nota: number | null }[];
    Final: number | null;
  }[];
}

/** The evaluation sheet of a course and term: a mark per item and student; the final mark by the course's rule. */
function EvaluacionCurso({ idCurso }: { idCurso: number }) {
  usePageTitle('Evaluación');
  const { info } = useReady();
  const qc = useQueryClient();
  const [trimestre, setTrimestre] = useState('1');
  const q = useFormacion<Hoja>(`formacion/evaluacion/${idCurso}`, { trimestre });
  const guardar = async (idAlumno: number, idEvaluacion: number | null, valor: string) => {
    const nota = valor.trim() === '' ? null : Number(valor.replace(',', '.'));
    const body = idEvaluacion
      ? { Trimestre: Number(trimestre), Notas: [{ IdEvaluacion: idEvaluacion, IdAlumno: idAlumno, Nota: nota }] }
      : { Trimestre: Number(trimestre), Finales: [{ IdAlumno: idAlumno, Nota: nota }] };
    await api.put(`formacion/evaluacion/${idCurso}`, body);
    notifySuccess('Nota guardada');
    await qc.invalidateQueries({ queryKey: claveFormacion(info.IdEmpresa) });
  };
  const hoja = q.data;
  const manual = hoja?.Curso.CalculoEvaluacion === 'manual' || hoja?.Curso.CalculoEvaluacion === 'plantilla';
  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Title order={2}>Evaluación{hoja ? ` · ${hoja.Curso.Nombre}` : ''}</Title>
        <SegmentedControl
          aria-label="Evaluación"
          value={trimestre}
          onChange={setTrimestre}
          data={['1', '2', '3'].map((t) => ({ value: t, label: `${t}ª` }))}
        />
      </Group>
      {hoja && !hoja.Items.length && (
        <Alert color="gray">Este curso no tiene elementos de evaluación en esta evaluación.</Alert>
      )}
      {hoja?.Alumnos.map((a) => (
        <Card key={a.IdAlumno} withBorder padding="sm">
          <Text fw={600}>{a.Nombre}</Text>
          <Group align="end" mt={4}>
            {hoja.Items.map((i) => (
              <TextInput
                key={i.Id}
                w={120}
                inputMode="decimal"
                label={`${i.Nombre} (${i.Peso})`}
                defaultValue={a.Notas.find((n) => n.IdEvaluacion === i.Id)?.Nota ?? ''}
                onBlur={(e) => {
                  // Tabbing through the sheet saves only what changed.
                  const antes = a.Notas.find((n) => n.IdEvaluacion === i.Id)?.Nota ?? '';
                  if (e.currentTarget.value.trim() !== String(antes)) guardar(a.IdAlumno, i.Id, e.currentTarget.value);
                }}
              />
            ))}
            {manual ? (
              <TextInput
                w={120}
                inputMode="decimal"
                label="Nota final"
                defaultValue={a.Final ?? ''}
                onBlur={(e) => {
                  if (e.currentTarget.value.trim() !== String(a.Final ?? ''))
                    guardar(a.IdAlumno, null, e.currentTarget.value);
                }}
              />
            ) : (
              <Text size="sm">Nota final: {a.Final == null ? '—' : formatNumber(a.Final)}</Text>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
