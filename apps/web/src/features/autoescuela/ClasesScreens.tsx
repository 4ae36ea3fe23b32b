import type { RouteDef } from '@faro/domain';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { usePhone } from '../../ui/list/phone.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { claveFormacion, fechaEs, hoyIso, useFormacion } from '../formacion/formacionApi.ts';
import {
  type Calendario,
  type ClasePractica,
  diaCorto,
  estadoClase,
  lunesDe,
  masDias,
  nombreCompleto,
  type Opcion,
  opcionesDe,
} from './autoescuelaApi.ts';

const SLOT = 30;
const PRIMERA = 8 * 60;
const ULTIMA = 21 * 60;
const SLOTS = (ULTIMA - PRIMERA) / SLOT;
const horaDeSlot = (i: number) => {
  const m = PRIMERA + i * SLOT;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const slotDe = (hora: string) => {
  const [h, m] = hora.split(':').map(Number) as [number, number];
  return Math.max(0, Math.floor((h * 60 + m - PRIMERA) / SLOT));
};

/**
 * clases ('Calendario profesores' for the office, 'Mi agenda' for an instructor): the practical classes calendar.
 * The office sees a day (one column per instructor) or a week (one instructor), books by dragging a student onto a
 * free slot or with the form (the keyboard way), moves a class by dragging it; an instructor sees their own classes
 * as a phone list and confirms or closes them.
 */
export function ClasesScreens({ route }: { action: string; segments: string[]; route: RouteDef }) {
  usePageTitle(route.title);
  const { info } = useReady();
  const oficina = (info.Permisos.CursoHorario ?? 0) >= 1;
  return oficina ? <CalendarioOficina title={route.title} /> : <MiAgenda />;
}

interface Valores {
  IdProfesor: string;
  IdVehiculo: string;
  IdAlumno: string;
  Fecha: string;
  Hora: string;
  Minutos: number | string;
  Recogida: string;
}
const vacio = (fecha: string): Valores => ({
  IdProfesor: '',
  IdVehiculo: '',
  IdAlumno: '',
  Fecha: fecha,
  Hora: '10:00',
  Minutos: 45,
  Recogida: '',
});
const desdeClase = (c: ClasePractica): Valores => ({
  IdProfesor: String(c.IdProfesor),
  IdVehiculo: c.IdVehiculo ? String(c.IdVehiculo) : '',
  IdAlumno: String(c.IdAlumno),
  Fecha: c.Fecha,
  Hora: c.Hora,
  Minutos: c.Minutos,
  Recogida: c.Recogida ?? '',
});
const cuerpo = (v: Valores) => ({
  IdProfesor: Number(v.IdProfesor) || null,
  IdVehiculo: Number(v.IdVehiculo) || null,
  IdAlumno: Number(v.IdAlumno) || null,
  Fecha: v.Fecha,
  Hora: v.Hora,
  Minutos: Number(v.Minutos) || null,
  Recogida: v.Recogida || null,
});

function useOpciones() {
  const { info } = useReady();
  return useQuery({
    queryKey: ['empresa', info.IdEmpresa, 'formacion', 'clases-opciones'],
    queryFn: async () => ({
      profesores: await opcionesDe('profesores', nombreCompleto),
      vehiculos: await opcionesDe('vehiculos', (r) => [r.Matricula, r.Marca, r.Modelo].filter(Boolean).join(' ')),
      alumnos: await opcionesDe('alumnos', nombreCompleto),
    }),
  });
}

function CalendarioOficina({ title }: { title: string }) {
  const { info } = useReady();
  const qc = useQueryClient();
  const phone = usePhone();
  const [params, setParams] = useSearchParams();
  const dia = params.get('dia') ?? hoyIso();
  const vista = params.get('vista') === 'dia' ? 'dia' : 'semana';
  const opciones = useOpciones();
  const profesores = opciones.data?.profesores ?? [];
  const profesor = params.get('profesor') ?? profesores[0]?.value ?? '';
  const lunes = lunesDe(dia);
  const desde = vista === 'dia' ? dia : lunes;
  const hasta = vista === 'dia' ? dia : masDias(lunes, 5);
  const q = useFormacion<Calendario>('formacion/clases/calendario', {
    desde,
    hasta,
    profesor: vista === 'semana' ? profesor : undefined,
  });
  const [form, setForm] = useState<{ valores: Valores; clase: ClasePractica | null } | null>(null);
  const poner = (cambios: Record<string, string>) => setParams({ dia, vista, profesor, ...cambios }, { replace: true });
  const refrescar = () => qc.invalidateQueries({ queryKey: claveFormacion(info.IdEmpresa) });

  const columnas =
    vista === 'dia'
      ? profesores.map((p) => ({ clave: p.value, titulo: p.label, fecha: dia, profesor: p.value }))
      : Array.from({ length: 6 }, (_, i) => {
          const f = masDias(lunes, i);
          return { clave: f, titulo: diaCorto(f), fecha: f, profesor };
        });
  const columnaDe = (c: ClasePractica) =>
    columnas.findIndex((col) => col.fecha === c.Fecha && col.profesor === String(c.IdProfesor));

  const soltar = async (e: DragEvent, col: (typeof columnas)[number], slot: number) => {
    e.preventDefault();
    const dato = e.dataTransfer.getData('text/plain');
    const hora = horaDeSlot(slot);
    if (dato.startsWith('alumno:')) {
      setForm({
        clase: null,
        valores: { ...vacio(col.fecha), IdAlumno: dato.slice(7), IdProfesor: col.profesor, Hora: hora },
      });
      return;
    }
    if (dato.startsWith('clase:')) {
      const clase = q.data?.Clases.find((c) => c.Id === Number(dato.slice(6)));
      if (!clase) return;
      try {
        await api.put(`formacion/clases/save/${clase.Id}`, {
          ...cuerpo(desdeClase(clase)),
          Fecha: col.fecha,
          Hora: hora,
          IdProfesor: Number(col.profesor),
        });
        notifySuccess(`Clase movida al ${fechaEs(col.fecha)} a las ${hora}`);
      } finally {
        await refrescar();
      }
    }
  };

  const tarjeta = (c: ClasePractica) => {
    const estado = estadoClase(c.Estado);
    return (
      <UnstyledButton
        w="100%"
        h="100%"
        draggable
        onDragStart={(e) => e.dataTransfer.setData('text/plain', `clase:${c.Id}`)}
        onClick={() => setForm({ clase: c, valores: desdeClase(c) })}
        data-testid={`clase-${c.Id}`}
      >
        <Card withBorder padding={4} radius="sm" h="100%" bg="var(--mantine-color-body)">
          <Text size="xs" fw={700}>
            {c.Hora} · {c.Alumno}
          </Text>
          <Text size="xs">
            {c.Vehiculo ?? 'Sin vehículo'}
            {vista === 'dia' ? '' : ` · ${c.Profesor}`}
          </Text>
          <Badge size="xs" color={estado.color} variant="outline">
            {estado.label}
          </Badge>
        </Card>
      </UnstyledButton>
    );
  };

  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Title order={2}>{title}</Title>
        <Button onClick={() => setForm({ clase: null, valores: { ...vacio(dia), IdProfesor: profesor } })}>
          Nueva clase
        </Button>
      </Group>
      <Group align="end" wrap="wrap">
        <SegmentedControl
          aria-label="Vista"
          value={vista}
          onChange={(v) => poner({ vista: v })}
          data={[
            { value: 'semana', label: 'Semana' },
            { value: 'dia', label: 'Día' },
          ]}
        />
        <TextInput
          type="date"
          label="Día"
          value={dia}
          onChange={(e) => e.currentTarget.value && poner({ dia: e.currentTarget.value })}
        />
        {vista === 'semana' && (
          <NativeSelect
            label="Profesor"
            value={profesor}
            onChange={(e) => poner({ profesor: e.currentTarget.value })}
            data={profesores}
          />
        )}
        <Button variant="default" onClick={() => poner({ dia: masDias(dia, vista === 'dia' ? -1 : -7) })}>
          Anterior
        </Button>
        <Button variant="default" onClick={() => poner({ dia: masDias(dia, vista === 'dia' ? 1 : 7) })}>
          Siguiente
        </Button>
      </Group>
      {form && opciones.data && (
        <FormClase
          key={form.clase?.Id ?? `n-${form.valores.IdAlumno}-${form.valores.Fecha}-${form.valores.Hora}`}
          inicial={form.valores}
          clase={form.clase}
          profesores={opciones.data.profesores}
          vehiculos={opciones.data.vehiculos}
          alumnos={opciones.data.alumnos}
          onCerrar={() => setForm(null)}
          onHecho={async () => {
            setForm(null);
            await refrescar();
          }}
        />
      )}
      {!phone && opciones.data && (
        <Box>
          <Text size="sm" c="dimmed" id="arrastrar-ayuda">
            Arrastra un alumno a un hueco para reservarle una clase, o una clase a otro hueco para moverla. Con el
            teclado, usa «Nueva clase» o abre una clase para cambiarla.
          </Text>
          <Group gap={4} mt={4} aria-label="Alumnos para arrastrar" role="group">
            {opciones.data.alumnos.map((a) => (
              <Badge
                key={a.value}
                variant="outline"
                color="dark"
                draggable
                onDragStart={(e) => e.dataTransfer.setData('text/plain', `alumno:${a.value}`)}
                style={{ cursor: 'grab', textTransform: 'none' }}
              >
                {a.label}
              </Badge>
            ))}
          </Group>
        </Box>
      )}
      {q.data && phone && (
        <ListaClases clases={q.data.Clases} onAbrir={(c) => setForm({ clase: c, valores: desdeClase(c) })} />
      )}
      {q.data && !phone && (
        <Box style={{ overflowX: 'auto' }}>
          <Box
            role="region"
            aria-label={vista === 'dia' ? `Clases del ${fechaEs(dia)}` : `Semana del ${fechaEs(lunes)}`}
            style={{
              display: 'grid',
              gridTemplateColumns: `3.5rem repeat(${Math.max(columnas.length, 1)}, minmax(8rem, 1fr))`,
              gridTemplateRows: `2rem repeat(${SLOTS}, 1.6rem)`,
              gap: 2,
              minWidth: 200 + columnas.length * 128,
            }}
          >
            {columnas.map((col, i) => (
              <Text key={col.clave} fw={600} size="sm" style={{ gridColumn: i + 2, gridRow: 1 }}>
                {col.titulo}
              </Text>
            ))}
            {Array.from({ length: SLOTS }, (_, s) => (
              <Text key={`h${horaDeSlot(s)}`} size="xs" c="dimmed" style={{ gridColumn: 1, gridRow: s + 2 }}>
                {s % 2 === 0 ? horaDeSlot(s) : ''}
              </Text>
            ))}
            {columnas.flatMap((col, i) =>
              Array.from({ length: SLOTS }, (_, s) => (
                <Box
                  key={`${col.clave}-${horaDeSlot(s)}`}
                  data-hueco={`${col.fecha}|${col.profesor}|${horaDeSlot(s)}`}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => soltar(e, col, s)}
                  style={{
                    gridColumn: i + 2,
                    gridRow: s + 2,
                    borderTop: '1px solid var(--mantine-color-default-border)',
                  }}
                />
              )),
            )}
            {q.data.Clases.map((c) => {
              const i = columnaDe(c);
              if (i < 0) return null;
              const s = slotDe(c.Hora);
              return (
                <Box
                  key={c.Id}
                  style={{
                    gridColumn: i + 2,
                    gridRow: `${s + 2} / span ${Math.max(1, Math.ceil(c.Minutos / SLOT))}`,
                    zIndex: 1,
                  }}
                >
                  {tarjeta(c)}
                </Box>
              );
            })}
          </Box>
          {!q.data.Clases.length && (
            <Text size="sm" c="dimmed" mt="xs">
              No hay clases en estas fechas.
            </Text>
          )}
        </Box>
      )}
    </Stack>
  );
}

/** The classes as cards grouped by day (phone, and the instructor's agenda). */
function ListaClases({
  clases,
  onAbrir,
  acciones,
}: {
  clases: ClasePractica[];
  onAbrir?: (c: ClasePractica) => void;
  acciones?: (c: ClasePractica) => React.ReactNode;
}) {
  if (!clases.length) return <Alert color="gray">No hay clases en estas fechas.</Alert>;
  const dias = [...new Set(clases.map((c) => c.Fecha))];
  return (
    <Stack>
      {dias.map((d) => (
        <Stack key={d} gap="xs">
          <Title order={3} size="h5">
            {diaCorto(d)}
          </Title>
          {clases
            .filter((c) => c.Fecha === d)
            .map((c) => {
              const estado = estadoClase(c.Estado);
              return (
                <Card key={c.Id} withBorder padding="sm" data-testid={`clase-${c.Id}`}>
                  <Group justify="space-between" wrap="nowrap" align="start">
                    <Stack gap={2}>
                      <Text fw={700}>
                        {c.Hora} · {c.Alumno}
                      </Text>
                      <Text size="sm">
                        {c.Minutos} min · {c.Vehiculo ?? 'Sin vehículo'} · {c.Profesor}
                      </Text>
                      {c.Recogida && <Text size="sm">Recogida: {c.Recogida}</Text>}
                    </Stack>
                    <Badge color={estado.color} variant="outline">
                      {estado.label}
                    </Badge>
                  </Group>
                  <Group mt="xs" gap="xs">
                    {acciones?.(c)}
                    {onAbrir && (
                      <Button size="xs" variant="default" onClick={() => onAbrir(c)}>
                        Abrir
                      </Button>
                    )}
                  </Group>
                </Card>
              );
            })}
        </Stack>
      ))}
    </Stack>
  );
}

/** Book or change a class (the keyboard alternative to dragging), and close it (done, no-show, cancelled). */
function FormClase(p: {
  inicial: Valores;
  clase: ClasePractica | null;
  profesores: Opcion[];
  vehiculos: Opcion[];
  alumnos: Opcion[];
  onCerrar: () => void;
  onHecho: () => Promise<void>;
}) {
  const [v, setV] = useState<Valores>(p.inicial);
  const [error, setError] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const cerrada = p.clase && ['realizada', 'anulada', 'nopresentado'].includes(p.clase.Estado);
  const ejecutar = async (trabajo: () => Promise<unknown>, ok: string) => {
    setOcupado(true);
    setError(null);
    try {
      await trabajo();
      notifySuccess(ok);
      await p.onHecho();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
      else throw err;
    } finally {
      setOcupado(false);
    }
  };
  const guardar = () =>
    ejecutar(
      () =>
        p.clase
          ? api.put(`formacion/clases/save/${p.clase.Id}`, cuerpo(v))
          : api.post('formacion/clases/save', cuerpo(v)),
      p.clase ? 'Clase guardada' : 'Clase reservada',
    );
  const estado = (Estado: string, ok: string) =>
    ejecutar(() => api.post(`formacion/clases/estado/${p.clase!.Id}`, { Estado }), ok);
  const campo = (k: keyof Valores) => ({
    value: String(v[k]),
    onChange: (e: { currentTarget: { value: string } }) => setV({ ...v, [k]: e.currentTarget.value }),
  });
  const conVacio = (o: Opcion[], texto: string) => [{ value: '', label: texto }, ...o];
  return (
    <Card withBorder padding="md" component="section" aria-label={p.clase ? 'Clase' : 'Nueva clase'}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void guardar();
        }}
      >
        <Stack>
          <Title order={3} size="h4">
            {p.clase ? `Clase de ${p.clase.Alumno}` : 'Nueva clase'}
          </Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <NativeSelect
              label="Profesor"
              required
              data={conVacio(p.profesores, 'Elige un profesor')}
              {...campo('IdProfesor')}
            />
            <NativeSelect
              label="Alumno"
              required
              data={conVacio(p.alumnos, 'Elige un alumno')}
              {...campo('IdAlumno')}
            />
            <NativeSelect label="Vehículo" data={conVacio(p.vehiculos, 'Sin vehículo')} {...campo('IdVehiculo')} />
            <TextInput label="Punto de recogida" maxLength={200} {...campo('Recogida')} />
            <TextInput type="date" label="Fecha" required {...campo('Fecha')} />
            <TextInput type="time" label="Hora" required step={300} {...campo('Hora')} />
            <NumberInput
              label="Minutos"
              min={15}
              max={240}
              step={15}
              value={v.Minutos}
              onChange={(x) => setV({ ...v, Minutos: x })}
            />
          </SimpleGrid>
          <Group>
            {!cerrada && (
              <Button type="submit" loading={ocupado}>
                {p.clase ? 'Guardar cambios' : 'Reservar'}
              </Button>
            )}
            {p.clase && !cerrada && (
              <>
                <Button variant="default" onClick={() => estado('realizada', 'Clase realizada')} disabled={ocupado}>
                  Realizada
                </Button>
                <Button
                  variant="default"
                  onClick={() => estado('nopresentado', 'Clase marcada como no presentado')}
                  disabled={ocupado}
                >
                  No presentado
                </Button>
                <Button color="red" onClick={() => estado('anulada', 'Clase anulada')} disabled={ocupado}>
                  Anular
                </Button>
              </>
            )}
            <Button variant="default" onClick={p.onCerrar}>
              Cerrar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The instructor's own classes this week and the next (phone first): confirm, done, no-show. */
function MiAgenda() {
  const { info } = useReady();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const dia = params.get('dia') ?? hoyIso();
  const lunes = lunesDe(dia);
  const q = useFormacion<Calendario>('formacion/clases/calendario', { desde: lunes, hasta: masDias(lunes, 13) });
  const [ocupada, setOcupada] = useState<number | null>(null);
  const cambiar = async (c: ClasePractica, Estado: string, ok: string) => {
    setOcupada(c.Id);
    try {
      await api.post(`formacion/clases/estado/${c.Id}`, { Estado });
      notifySuccess(ok);
      await qc.invalidateQueries({ queryKey: claveFormacion(info.IdEmpresa) });
    } finally {
      setOcupada(null);
    }
  };
  return (
    <Stack maw={720}>
      <Title order={2}>Mis clases prácticas</Title>
      <Group align="end">
        <TextInput
          type="date"
          label="Semana del día"
          value={dia}
          onChange={(e) => e.currentTarget.value && setParams({ dia: e.currentTarget.value }, { replace: true })}
        />
        <Button variant="default" onClick={() => setParams({ dia: masDias(dia, -7) }, { replace: true })}>
          Anterior
        </Button>
        <Button variant="default" onClick={() => setParams({ dia: masDias(dia, 7) }, { replace: true })}>
          Siguiente
        </Button>
      </Group>
      {q.data && (
        <ListaClases
          clases={q.data.Clases}
          acciones={(c) =>
            c.Estado === 'reservada' || c.Estado === 'confirmada' ? (
              <>
                {c.Estado === 'reservada' && (
                  <Button
                    size="xs"
                    loading={ocupada === c.Id}
                    onClick={() => cambiar(c, 'confirmada', 'Clase confirmada')}
                  >
                    Confirmar
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  disabled={ocupada === c.Id}
                  onClick={() => cambiar(c, 'realizada', 'Clase realizada')}
                >
                  Realizada
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={ocupada === c.Id}
                  onClick={() => cambiar(c, 'nopresentado', 'Clase marcada como no presentado')}
                >
                  No presentado
                </Button>
              </>
            ) : null
          }
        />
      )}
    </Stack>
  );
}

/** The portal's practical classes of the student (or the tutor's children): a small list under the timetable. */
export function MisClasesPracticas() {
  const q = useFormacion<Calendario>('formacion/portal/clases', { desde: hoyIso() });
  if (!q.data?.Clases.length) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Clases prácticas
      </Title>
      <ListaClases clases={q.data.Clases} />
    </Stack>
  );
}
