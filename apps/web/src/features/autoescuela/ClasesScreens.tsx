import type { RouteDef } from '@faro/domain';
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { usePhone } from '../../ui/list/phone.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { claveFormacion, fechaEs, hoyIso, useFormacion } from '../formacion/formacionApi.ts';
import { type Calendario, type ClasePractica, diaCorto, estadoClase, lunesDe, masDias } from './autoescuelaApi.ts';
import {
  cuerpo,
  desdeClase,
  horaDeSlot,
  SLOT,
  SLOTS,
  slotDe,
  useOpciones,
  type Valores,
  vacio,
} from './clasesModel.ts';
import { FormClase } from './FormClase.tsx';
import { ListaClases } from './ListaClases.tsx';
import { MiAgenda } from './MiAgenda.tsx';

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
