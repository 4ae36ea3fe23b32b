import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { hoyIso, useFormacion } from '../formacion/formacionApi.ts';
import { type Calendario, type ClasePractica, diaCorto, estadoClase } from './autoescuelaApi.ts';

/** The classes as cards grouped by day (phone, and the instructor's agenda). */
export function ListaClases({
  clases,
  onAbrir,
  acciones,
}: {
  clases: ClasePractica[];
  onAbrir?: (c: ClasePractica) => void;
  acciones?: (c: ClasePractica) => ReactNode;
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
