import { ESTADO_FICHAJE_LABELS, formatDate, formatDateTime, formatMinutes, horaEspana } from '@faro/domain';
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type MesFichajesData, ORIGEN_FICHAJE, SITUACION_CORRECCION } from './personalApi.ts';
import { TablaTarjeta } from './TablaTarjeta.tsx';

function Cifra({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Card>
  );
}

/**
 * A person's month of the time clock: totals against the plan, alerts, one row per day and every entry (originals
 * and corrections' entries, offline ones flagged), then the corrections with their state.
 */
export function MesFichajes({ data }: { data: MesFichajesData }) {
  const dias = data.Dias.filter((d) => d.Entrada || d.Previstos > 0 || d.Permiso);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <Cifra label="Trabajado" value={formatMinutes(data.Trabajados)} />
        <Cifra label="Previsto" value={formatMinutes(data.Previstos)} />
        <Cifra label="Horas extra" value={formatMinutes(data.Extra)} />
        <Cifra label="Pausas" value={formatMinutes(data.Pausas)} />
        <Cifra label="Ausencias" value={String(data.Ausencias)} />
      </SimpleGrid>
      {data.Contrato && (
        <Text size="sm" c="dimmed">
          Jornada prevista según el contrato: {data.Contrato}
        </Text>
      )}
      {data.Alertas.length > 0 && (
        <Alert color="orange" title="Avisos" role="alert">
          <Stack gap={2}>
            {data.Alertas.map((a) => (
              <Text key={a} size="sm">
                {a}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <TablaTarjeta
        minWidth={640}
        testId="dias-mes"
        caption={`Jornadas del mes ${data.Mes}`}
        head={['Día', 'Entrada', 'Salida', 'Trabajado', 'Pausas', 'Previsto', 'Extra', 'Incidencia']}
      >
        {dias.map((d) => (
          <Table.Tr key={d.Dia}>
            <Table.Td>{formatDate(d.Dia)}</Table.Td>
            <Table.Td>{horaEspana(d.Entrada)}</Table.Td>
            <Table.Td>{horaEspana(d.Salida)}</Table.Td>
            <Table.Td>{formatMinutes(d.Trabajados)}</Table.Td>
            <Table.Td>{formatMinutes(d.Pausas)}</Table.Td>
            <Table.Td>{formatMinutes(d.Previstos)}</Table.Td>
            <Table.Td>{formatMinutes(d.Extra)}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                {d.SinSalida && (
                  <Badge color="red" variant="light">
                    Falta la salida
                  </Badge>
                )}
                {d.Ausencia && (
                  <Badge color="orange" variant="light">
                    Ausencia
                  </Badge>
                )}
                {d.Permiso && <Badge variant="light">{d.Permiso}</Badge>}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </TablaTarjeta>
      <Title order={2} fz="h4">
        Registros
      </Title>
      <TablaTarjeta
        minWidth={560}
        testId="registros-mes"
        striped={false}
        head={['Fecha', 'Registro', 'Motivo', 'Origen']}
      >
        {data.Fichajes.map((f) => (
          <Table.Tr key={f.Id}>
            <Table.Td>{formatDateTime(f.Fecha)}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                {ESTADO_FICHAJE_LABELS[f.Estado] ?? f.Estado}
                {f.IdCorreccion && (
                  <Badge size="sm" variant="light" color="grape">
                    Corrección
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{f.MotivoPausa ?? ''}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                {ORIGEN_FICHAJE[f.Origen] ?? f.Origen}
                {f.Offline && (
                  <Badge size="sm" variant="light" color="orange">
                    Sin conexión
                  </Badge>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </TablaTarjeta>
      {data.Correcciones.length > 0 && (
        <>
          <Title order={2} fz="h4">
            Correcciones
          </Title>
          <TablaCorrecciones items={data.Correcciones} />
        </>
      )}
    </Stack>
  );
}

export function TablaCorrecciones({
  items,
  acciones,
}: {
  items: MesFichajesData['Correcciones'];
  acciones?: (c: MesFichajesData['Correcciones'][number]) => React.ReactNode;
}) {
  return (
    <TablaTarjeta
      minWidth={560}
      testId="correcciones"
      striped={false}
      head={['Fecha corregida', 'Registro', 'Motivo', 'Propuesta por', 'Estado', ...(acciones ? ['Acciones'] : [])]}
    >
      {items.map((c) => (
        <Table.Tr key={c.Id}>
          <Table.Td>{formatDateTime(c.Fecha)}</Table.Td>
          <Table.Td>{ESTADO_FICHAJE_LABELS[c.Estado]}</Table.Td>
          <Table.Td>{c.Motivo}</Table.Td>
          <Table.Td>{c.PropuestaPor === 't' ? 'Trabajador' : 'Responsable'}</Table.Td>
          <Table.Td>
            <Badge
              variant="light"
              color={c.Situacion === 'aprobada' ? 'green' : c.Situacion === 'rechazada' ? 'red' : 'orange'}
            >
              {SITUACION_CORRECCION[c.Situacion]}
            </Badge>
          </Table.Td>
          {acciones && <Table.Td>{acciones(c)}</Table.Td>}
        </Table.Tr>
      ))}
    </TablaTarjeta>
  );
}
