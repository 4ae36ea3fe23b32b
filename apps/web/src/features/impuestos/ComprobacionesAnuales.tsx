import { type Aviso, type Comprobacion, formatAmount, type LineaComprobacion } from '@faro/domain';
import { Alert, Badge, Button, Card, Group, List, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { SIN_CORTE } from '../../ui/fields/Importe.tsx';

/**
 * `/modtributarios/comprobaciones`: each annual summary of a year against its four periodic returns (390 ↔ 303,
 * 190 ↔ 111, 180 ↔ 115). Per box: the annual figure from today's books, each quarter (as presented, or as computed
 * today when not presented), their sum, the difference and the reasons the server gives for it.
 */
type ModeloComprobado = Comprobacion & { Avisos: Aviso[] };
interface Respuesta {
  Anyo: number;
  Modelos: ModeloComprobado[];
}

const TRIMESTRES = ['1T', '2T', '3T', '4T'];
const cifra = (l: LineaComprobacion, v: string) => (l.Cuenta ? v : formatAmount(v));

export function ComprobacionesAnuales() {
  const { info } = useReady();
  const actual = new Date().getFullYear();
  const [anyo, setAnyo] = useState(String(actual - 1));
  const q = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'modtributarios', { comprobaciones: anyo }),
    queryFn: () => api.get<Respuesta>(`impuestos/modtributarios/comprobaciones/${anyo}`, { silent: true }),
    retry: false,
  });
  const error = q.error instanceof ApiError ? q.error.message : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          Comprobaciones anuales
        </Title>
        <Button component={Link} to="/modtributarios/lista" variant="light">
          Modelos tributarios
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Cada resumen anual, calculado con los libros de hoy, frente a sus cuatro modelos trimestrales: los presentados
        tal como se presentaron y los demás calculados hoy.
      </Text>
      <Card withBorder radius="md" padding="md">
        <Select
          label="Ejercicio"
          data={Array.from({ length: 6 }, (_, i) => String(actual - i))}
          value={anyo}
          onChange={(v) => setAnyo(v ?? anyo)}
          allowDeselect={false}
          maw={240}
        />
      </Card>
      {error && (
        <Alert color="red" variant="light" title="No se puede comprobar">
          {error}
        </Alert>
      )}
      {q.isLoading && <Text size="sm">Calculando los modelos del año…</Text>}
      {q.data?.Modelos.map((m) => (
        <TablaModelo key={m.Modelo} m={m} />
      ))}
    </Stack>
  );
}

function TablaModelo({ m }: { m: ModeloComprobado }) {
  const titulo = `Modelo ${m.Modelo} frente a los cuatro modelos ${m.Periodico}`;
  const conDiferencias = m.Lineas.filter((l) => l.Explicaciones.length > 0);
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz="h4">
          {titulo}
        </Title>
        <Badge color={m.Cuadra ? 'green' : 'orange'} variant="light" size="lg">
          {m.Cuadra ? 'Cuadra' : 'Con diferencias'}
        </Badge>
      </Group>
      <Table.ScrollContainer minWidth={820}>
        <Table striped verticalSpacing={4} aria-label={titulo}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Casilla</Table.Th>
              <Table.Th scope="col">Concepto</Table.Th>
              <Table.Th scope="col" ta="right">
                Anual (libros)
              </Table.Th>
              {TRIMESTRES.map((t) => (
                <Table.Th key={t} scope="col" ta="right">
                  {t}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                Suma de periodos
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Diferencia
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {m.Lineas.map((l) => (
              <Table.Tr key={l.Casilla}>
                <Table.Td>
                  <Badge variant="light" color="gray" radius="sm">
                    [{l.Casilla}]
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {l.Concepto}
                  <Text size="xs" c="dimmed">
                    {l.Periodicas}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={SIN_CORTE}>
                  {cifra(l, l.Anual)}
                </Table.Td>
                {l.PorPeriodo.map((p) => (
                  <Table.Td key={p.Periodo} ta="right" style={SIN_CORTE}>
                    {cifra(l, p.Importe)}
                    <Text size="xs" c="dimmed">
                      {p.Origen === 'presentada' ? 'presentado' : 'sin presentar'}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td ta="right" style={SIN_CORTE}>
                  {cifra(l, l.SumaPeriodos)}
                </Table.Td>
                <Table.Td ta="right" style={SIN_CORTE}>
                  <Text span fw={l.Cuadra ? undefined : 700} size="sm">
                    {cifra(l, l.Diferencia)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {conDiferencias.length > 0 && (
        <Stack gap={4} mt="sm">
          <Title order={3} fz="h5">
            Por qué hay diferencias
          </Title>
          <List size="sm" spacing={4}>
            {conDiferencias.flatMap((l) =>
              l.Explicaciones.map((e) => (
                <List.Item key={`${l.Casilla}-${e}`}>
                  Casilla {l.Casilla}: {e}
                </List.Item>
              )),
            )}
          </List>
        </Stack>
      )}
      {m.Avisos.length > 0 && (
        <Alert color="orange" variant="light" mt="sm" title={`Avisos del modelo ${m.Modelo} (${m.Avisos.length})`}>
          <List size="sm" spacing={2}>
            {[...new Set(m.Avisos.map((a) => a.Mensaje))].slice(0, 20).map((a) => (
              <List.Item key={a}>{a}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Card>
  );
}
