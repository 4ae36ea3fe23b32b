import { type Apunte, formatAmount, formatDate } from '@faro/domain';
import { Alert, Badge, Button, Card, Group, Radio, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { BarraDescarga, useDescargaProgreso } from '../../ui/descargaProgreso.tsx';
import { PeriodoPicker } from './PeriodoPicker.tsx';
import { rangoPeriodo, trimestreAnterior } from './periodo.ts';

interface AsientoPrevio {
  Numero: number;
  Fecha: string;
  TipoTexto: string;
  Documento: string;
  Apuntes: Apunte[];
  Debe: string;
  Haber: string;
  Cuadra: boolean;
}
export interface PreviaContable {
  Cuentas: { Digitos: number };
  Asientos: AsientoPrevio[];
  Resumen: { Asientos: number; Apuntes: number; Debe: string; Haber: string; Cuadra: boolean; Descuadrados: number[] };
}

const FORMATOS = [
  { value: 'zip', label: 'ContaPlus: XDiario y XSubCta (zip)', ruta: 'contaplus', fichero: 'zip' },
  { value: 'xdiario', label: 'ContaPlus: sólo XDiario', ruta: 'contaplus', fichero: 'xdiario' },
  { value: 'xsubcta', label: 'ContaPlus: sólo XSubCta', ruta: 'contaplus', fichero: 'xsubcta' },
  { value: 'sage', label: 'Sage Despachos (Excel)', ruta: 'sage', fichero: null },
] as const;

const hoy = () => new Date().toISOString().slice(0, 10);

/**
 * Expected size of the file from the preview's line count: XDiario has 299 bytes a line (297 + CRLF); its zip keeps
 * about 1/RATIO_ZIP of it (measured on a year of ledger entries, bench/contabilidad.ts); the rest is not estimated.
 */
const RATIO_ZIP = 18;
function tamanoEsperado(fichero: string | null, apuntes: number): number | null {
  if (fichero === 'xdiario') return apuntes * 299;
  if (fichero === 'zip') return Math.ceil((apuntes * 299) / RATIO_ZIP);
  return null;
}

/** `contabilidad/lista`: the period, the format, the preview of the first entries with the balance check, download. */
export function ExportacionContable() {
  const { info } = useReady();
  const [sel, setSel] = useState(() => trimestreAnterior(hoy()));
  const [formato, setFormato] = useState<string>('zip');
  const { progreso, descargar: bajar } = useDescargaProgreso();
  const rango = rangoPeriodo(sel.anyo, sel.periodo);
  const previa = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'contabilidad', rango),
    queryFn: () => api.get<PreviaContable>('impuestos/contabilidad/asientos', { params: rango }),
  });
  const descargar = async () => {
    const f = FORMATOS.find((x) => x.value === formato) ?? FORMATOS[0];
    const params = f.fichero ? { ...rango, Fichero: f.fichero } : rango;
    // Downloads fail silently (spec section 8).
    await bajar(
      `impuestos/contabilidad/${f.ruta}`,
      params,
      `contabilidad.${f.ruta === 'sage' ? 'xlsx' : 'zip'}`,
      tamanoEsperado(f.fichero, previa.data?.Resumen.Apuntes ?? 0),
    );
  };
  const r = previa.data?.Resumen;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <PeriodoPicker anyo={sel.anyo} periodo={sel.periodo} onChange={setSel} />
          <Text size="sm" c="dimmed">
            Del {formatDate(rango.FechaDesde)} al {formatDate(rango.FechaHasta)}: facturas emitidas y recibidas, gastos,
            cobros, pagos y comisiones bancarias, con los dígitos y las cuentas de la empresa.
          </Text>
          <Radio.Group label="Formato" value={formato} onChange={setFormato}>
            <Stack gap={6} mt={6}>
              {FORMATOS.map((f) => (
                <Radio key={f.value} value={f.value} label={f.label} />
              ))}
            </Stack>
          </Radio.Group>
          <Group gap="sm">
            <Button onClick={() => void descargar()} loading={!!progreso} disabled={!r?.Asientos}>
              Descargar
            </Button>
            <BarraDescarga progreso={progreso} etiqueta="Progreso de la descarga" testId="contabilidad-progreso" />
          </Group>
        </Stack>
      </Card>
      {previa.isError && <Alert color="red">No se ha podido preparar la vista previa.</Alert>}
      {r && (
        <Card withBorder radius="md" padding="md" data-testid="contabilidad-resumen">
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md">
            <Dato etiqueta="Asientos" valor={String(r.Asientos)} />
            <Dato etiqueta="Apuntes" valor={String(r.Apuntes)} />
            <Dato etiqueta="Debe" valor={formatAmount(r.Debe)} />
            <Dato etiqueta="Haber" valor={formatAmount(r.Haber)} />
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Cuadre
              </Text>
              {r.Cuadra ? (
                <>
                  <Badge color="green" variant="light">
                    Cuadrado
                  </Badge>
                  <Text size="xs" c="dimmed">
                    Debe = Haber en cada asiento
                  </Text>
                </>
              ) : (
                <>
                  <Badge color="red" variant="light">
                    Descuadrado
                  </Badge>
                  <Text size="xs" c="dimmed">
                    Asientos: {r.Descuadrados.join(', ')}
                  </Text>
                </>
              )}
            </div>
          </SimpleGrid>
        </Card>
      )}
      {previa.data && previa.data.Asientos.length === 0 && <Text c="dimmed">No hay asientos en el periodo.</Text>}
      {previa.data && previa.data.Asientos.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder aria-label="Primeros asientos del periodo">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Asiento</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Subcuenta</Table.Th>
                <Table.Th>Concepto</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Debe</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Haber</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {previa.data.Asientos.flatMap((a) =>
                a.Apuntes.map((ap, i) => (
                  <Table.Tr key={`${a.Numero}-${ap.Subcuenta}-${ap.Debe}-${ap.Haber}-${ap.Concepto}`}>
                    <Table.Td>
                      {i === 0 ? (
                        <>
                          {a.Numero}{' '}
                          <Text span size="xs" c="dimmed">
                            {a.TipoTexto}
                          </Text>
                        </>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{i === 0 ? formatDate(a.Fecha) : null}</Table.Td>
                    <Table.Td ff="monospace">{ap.Subcuenta}</Table.Td>
                    <Table.Td>{ap.Concepto}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{Number(ap.Debe) ? formatAmount(ap.Debe) : ''}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{Number(ap.Haber) ? formatAmount(ap.Haber) : ''}</Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Dato({ etiqueta, valor }: { etiqueta: string; valor: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {etiqueta}
      </Text>
      <Text fw={600}>{valor}</Text>
    </div>
  );
}
