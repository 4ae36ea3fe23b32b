import { type AsientoLibro, type FilaSumas, formatAmount, formatDate } from '@faro/domain';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { BarraDescarga, useDescargaProgreso } from '../../ui/descargaProgreso.tsx';
import { Cabecera, TablaSimple } from '../../ui/TablaSimple.tsx';
import { AsientoManualForm } from './AsientoManualForm.tsx';
import { ProgresoGeneracion, useGenerarAsientos } from './generarAsientos.tsx';
import { CeldasImporte, columnasImporte, derecha } from './importes.tsx';
import { PeriodoPicker } from './PeriodoPicker.tsx';
import { rangoPeriodo } from './periodo.ts';

const DEBE_HABER = ['Debe', 'Haber'] as const;

const R = 'impuestos/contabilidad/libro';

interface Sumas {
  Filas: FilaSumas[];
  Totales: { Debe: string; Haber: string; Cuadra: boolean };
}
interface Mayor {
  Cuenta: string;
  Nombre: string;
  SaldoAnterior: string;
  Apuntes: {
    IdAsiento: number;
    Numero: number;
    Fecha: string;
    Subcuenta: string;
    Concepto: string;
    Documento: string;
    Debe: string;
    Haber: string;
    Saldo: string;
  }[];
  Completo: boolean;
}
interface Linea {
  Clave: string;
  Texto: string;
  Nivel: number;
  Importe: string;
  Cuentas: string[];
}

/** The screen of the document an entry comes from (issued / received invoices and expenses). */
function rutaDocumento(a: Pick<AsientoLibro, 'Origen' | 'IdOrigen' | 'Tipo'>): string | null {
  if (a.IdOrigen === null) return null;
  if (a.Origen === 'venta') return `/fventa/editar/${a.IdOrigen}`;
  if (a.Origen === 'compra') return `/${a.Tipo === 'gasto' ? 'fgasto' : 'fcompra'}/editar/${a.IdOrigen}`;
  return null;
}

/** Downloads a report in a format (the server's writers), with the shared progress bar while it streams. */
function Exportar({ informe, params }: { informe: string; params: Record<string, string> }) {
  const { progreso, descargar } = useDescargaProgreso();
  // Downloads fail silently (spec section 8).
  const bajar = (Formato: string) =>
    void descargar(`${R}/${informe}/export`, { ...params, Formato }, `${informe}.${Formato}`);
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" loading={!!progreso} onClick={() => bajar('xlsx')}>
        Exportar a Excel
      </Button>
      <Button size="xs" variant="default" loading={!!progreso} onClick={() => bajar('pdf')}>
        Exportar a PDF
      </Button>
      <BarraDescarga progreso={progreso} etiqueta="Progreso de la exportación" />
    </Group>
  );
}

/** `contabilidad/libro`: the ledger's reports with drill-down (sumas y saldos → mayor → asiento → documento). */
export function LibroContable() {
  const { info } = useReady();
  // `?anyo=2025&asiento=123` (the year-close screen's links): that year's diario with the entry open.
  const [params] = useSearchParams();
  const enlace = { anyo: Number(params.get('anyo')) || null, asiento: Number(params.get('asiento')) || null };
  const [sel, setSel] = useState(() => ({ anyo: enlace.anyo ?? new Date().getFullYear(), periodo: '0A' }));
  const [tab, setTab] = useState<string>(enlace.asiento ? 'diario' : 'sumas');
  const [cuenta, setCuenta] = useState('');
  const [asiento, setAsiento] = useState<number | null>(enlace.asiento);
  const rango = rangoPeriodo(sel.anyo, sel.periodo);
  const qc = useQueryClient();
  const { estado, generando, generar } = useGenerarAsientos(() =>
    qc.invalidateQueries({ queryKey: ['empresa', info.IdEmpresa, 'libro'] }),
  );
  const verMayor = (c: string) => {
    setCuenta(c);
    setTab('mayor');
  };
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="end" wrap="wrap">
          <PeriodoPicker anyo={sel.anyo} periodo={sel.periodo} onChange={setSel} />
          <Button variant="light" onClick={() => void generar(rango)} loading={generando}>
            Generar asientos
          </Button>
        </Group>
        <ProgresoGeneracion estado={estado} />
      </Card>
      <Tabs value={tab} onChange={(t) => setTab(t ?? 'sumas')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="sumas">Sumas y saldos</Tabs.Tab>
          <Tabs.Tab value="diario">Libro diario</Tabs.Tab>
          <Tabs.Tab value="mayor">Mayor</Tabs.Tab>
          <Tabs.Tab value="pyg">Pérdidas y ganancias</Tabs.Tab>
          <Tabs.Tab value="balance">Balance de situación</Tabs.Tab>
          <Tabs.Tab value="manual">Asiento manual</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sumas" pt="md">
          <SumasYSaldos rango={rango} onCuenta={verMayor} />
        </Tabs.Panel>
        <Tabs.Panel value="diario" pt="md">
          <Diario rango={rango} onAsiento={setAsiento} />
        </Tabs.Panel>
        <Tabs.Panel value="mayor" pt="md">
          <MayorCuenta rango={rango} cuenta={cuenta} onCuenta={setCuenta} onAsiento={setAsiento} />
        </Tabs.Panel>
        <Tabs.Panel value="pyg" pt="md">
          <Modelo informe="pyg" params={rango} titulo="Pérdidas y ganancias" onCuenta={verMayor} />
        </Tabs.Panel>
        <Tabs.Panel value="balance" pt="md">
          <Modelo
            informe="balance"
            params={{ Fecha: rango.FechaHasta }}
            titulo="Balance de situación"
            onCuenta={verMayor}
          />
        </Tabs.Panel>
        <Tabs.Panel value="manual" pt="md">
          <AsientoManualForm
            fecha={rango.FechaHasta}
            onCreado={(a) => {
              void qc.invalidateQueries({ queryKey: ['empresa', info.IdEmpresa, 'libro'] });
              setAsiento(a.Id);
            }}
          />
        </Tabs.Panel>
      </Tabs>
      <AsientoModal id={asiento} onClose={() => setAsiento(null)} />
    </Stack>
  );
}

function useInforme<T>(informe: string, params: Record<string, string>) {
  const { info } = useReady();
  return useQuery({
    queryKey: qk.list(info.IdEmpresa, 'libro', { informe, ...params }),
    queryFn: () => api.get<T>(`${R}/${informe}`, { params }),
  });
}

function SumasYSaldos({ rango, onCuenta }: { rango: Record<string, string>; onCuenta: (c: string) => void }) {
  const [nivel, setNivel] = useState('subcuenta');
  const params = { ...rango, Nivel: nivel };
  const q = useInforme<Sumas>('sumasysaldos', params);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label="Nivel"
          value={nivel}
          onChange={setNivel}
          data={[
            { value: '3', label: 'Cuentas (3 dígitos)' },
            { value: '4', label: '4 dígitos' },
            { value: 'subcuenta', label: 'Subcuentas' },
          ]}
        />
        <Exportar informe="sumasysaldos" params={params} />
      </Group>
      {q.data && q.data.Filas.length === 0 && <Text c="dimmed">No hay apuntes en el periodo.</Text>}
      {q.data && q.data.Filas.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder aria-label="Sumas y saldos">
            <Cabecera
              columnas={['Cuenta', 'Nombre', ...columnasImporte('Debe', 'Haber', 'Saldo deudor', 'Saldo acreedor')]}
            />
            <Table.Tbody>
              {q.data.Filas.map((f) => (
                <Table.Tr key={f.Cuenta}>
                  <Table.Td ff="monospace">
                    <Anchor component="button" type="button" onClick={() => onCuenta(f.Cuenta)}>
                      {f.Cuenta}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{f.Nombre}</Table.Td>
                  <CeldasImporte fila={f} campos={['Debe', 'Haber', 'SaldoDeudor', 'SaldoAcreedor']} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2}>
                  Total{' '}
                  <Badge color={q.data.Totales.Cuadra ? 'green' : 'red'} variant="light">
                    {q.data.Totales.Cuadra ? 'Cuadrado' : 'Descuadrado'}
                  </Badge>
                </Table.Th>
                <Table.Th style={derecha}>{formatAmount(q.data.Totales.Debe)}</Table.Th>
                <Table.Th style={derecha}>{formatAmount(q.data.Totales.Haber)}</Table.Th>
                <Table.Th />
                <Table.Th />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Diario({ rango, onAsiento }: { rango: Record<string, string>; onAsiento: (id: number) => void }) {
  const [pagina, setPagina] = useState(1);
  const q = useInforme<{ Asientos: AsientoLibro[]; HayMas: boolean }>('diario', { ...rango, Pagina: String(pagina) });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Página {pagina}
        </Text>
        <Exportar informe="diario" params={rango} />
      </Group>
      {q.data && q.data.Asientos.length === 0 && <Text c="dimmed">No hay asientos en el periodo.</Text>}
      {q.data && q.data.Asientos.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder aria-label="Libro diario">
            <Cabecera columnas={['Asiento', 'Fecha', 'Subcuenta', 'Concepto', ...columnasImporte('Debe', 'Haber')]} />
            <Table.Tbody>
              {q.data.Asientos.flatMap((a) =>
                a.Apuntes.map((l, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an entry's lines keep the ledger's order
                  <Table.Tr key={`${a.Id}-${i}`}>
                    <Table.Td>
                      {i === 0 && (
                        <Anchor component="button" type="button" onClick={() => onAsiento(a.Id)}>
                          {`Asiento ${a.Numero}`}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td>{i === 0 ? formatDate(a.Fecha) : null}</Table.Td>
                    <Table.Td ff="monospace">{l.Subcuenta}</Table.Td>
                    <Table.Td>{l.Concepto}</Table.Td>
                    <CeldasImporte fila={l} campos={DEBE_HABER} />
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={pagina === 1} onClick={() => setPagina((p) => p - 1)}>
          Anterior
        </Button>
        <Button variant="default" size="xs" disabled={!q.data?.HayMas} onClick={() => setPagina((p) => p + 1)}>
          Siguiente
        </Button>
      </Group>
    </Stack>
  );
}

function MayorCuenta({
  rango,
  cuenta,
  onCuenta,
  onAsiento,
}: {
  rango: Record<string, string>;
  cuenta: string;
  onCuenta: (c: string) => void;
  onAsiento: (id: number) => void;
}) {
  const [texto, setTexto] = useState(cuenta);
  const { info } = useReady();
  const params = { ...rango, Cuenta: cuenta };
  const q = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'libro', { informe: 'mayor', ...params }),
    queryFn: () => api.get<Mayor>(`${R}/mayor`, { params }),
    enabled: /^\d{1,12}$/.test(cuenta),
  });
  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onCuenta(texto.trim());
        }}
      >
        <Group align="end" wrap="wrap">
          <TextInput
            label="Cuenta o subcuenta"
            value={texto}
            onChange={(e) => setTexto(e.currentTarget.value)}
            w={200}
          />
          <Button type="submit" variant="default">
            Ver mayor
          </Button>
          {q.data && <Exportar informe="mayor" params={params} />}
        </Group>
      </form>
      {q.data && (
        <>
          <Text fw={600}>
            {q.data.Cuenta} {q.data.Nombre} · Saldo anterior {formatAmount(q.data.SaldoAnterior)}
          </Text>
          <TablaSimple
            minWidth={720}
            striped
            withTableBorder
            aria-label={`Mayor de ${q.data.Cuenta}`}
            columnas={['Fecha', 'Asiento', 'Concepto', ...columnasImporte('Debe', 'Haber', 'Saldo')]}
          >
            {q.data.Apuntes.map((a, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an entry's lines keep the ledger's order
              <Table.Tr key={`${a.IdAsiento}-${i}`}>
                <Table.Td>{formatDate(a.Fecha)}</Table.Td>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => onAsiento(a.IdAsiento)}>
                    {`Asiento ${a.Numero}`}
                  </Anchor>
                </Table.Td>
                <Table.Td>{a.Concepto}</Table.Td>
                <CeldasImporte fila={a} campos={DEBE_HABER} />
                <Table.Td style={derecha}>{formatAmount(a.Saldo)}</Table.Td>
              </Table.Tr>
            ))}
          </TablaSimple>
        </>
      )}
    </Stack>
  );
}

function Modelo({
  informe,
  params,
  titulo,
  onCuenta,
}: {
  informe: 'pyg' | 'balance';
  params: Record<string, string>;
  titulo: string;
  onCuenta: (c: string) => void;
}) {
  const q = useInforme<{ Lineas?: Linea[]; Activo?: Linea[]; Pasivo?: Linea[] }>(informe, params);
  const tabla = (lineas: Linea[], nombre: string): ReactNode => (
    <Table.ScrollContainer minWidth={480}>
      <Table withTableBorder aria-label={nombre}>
        <Table.Tbody>
          {lineas.map((l) => (
            <Table.Tr key={l.Clave}>
              <Table.Td pl={8 + l.Nivel * 12} fw={l.Nivel <= 1 ? 700 : 400}>
                {l.Cuentas.length === 1 ? (
                  <Anchor component="button" type="button" onClick={() => onCuenta(l.Cuentas[0]!)}>
                    {l.Texto}
                  </Anchor>
                ) : (
                  l.Texto
                )}
              </Table.Td>
              <Table.Td style={derecha} fw={l.Nivel <= 1 ? 700 : 400}>
                {formatAmount(l.Importe)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Exportar informe={informe} params={params} />
      </Group>
      {q.data?.Lineas && tabla(q.data.Lineas, titulo)}
      {q.data?.Activo && tabla(q.data.Activo, `${titulo}: activo`)}
      {q.data?.Pasivo && tabla(q.data.Pasivo, `${titulo}: patrimonio neto y pasivo`)}
    </Stack>
  );
}

/** One entry with its lines and the document it comes from. */
function AsientoModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { info } = useReady();
  const q = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'libro', { asiento: id }),
    queryFn: () => api.get<AsientoLibro>(`${R}/asiento/${id}`),
    enabled: id !== null,
  });
  const a = q.data;
  const ruta = a ? rutaDocumento(a) : null;
  return (
    <Modal opened={id !== null} onClose={onClose} title={a ? `Asiento ${a.Numero}` : 'Asiento'} size="lg">
      {a && (
        <Stack gap="sm">
          <Text>
            {formatDate(a.Fecha)} · {a.TipoTexto} · {a.Concepto}
          </Text>
          {a.Documento && (
            <Text>
              Documento:{' '}
              {ruta ? (
                <Anchor component={Link} to={ruta} underline="always">
                  {a.Documento}
                </Anchor>
              ) : (
                a.Documento
              )}
            </Text>
          )}
          {a.IdRevertido !== null && <Badge variant="light">Anula otro asiento</Badge>}
          <TablaSimple
            minWidth={520}
            withTableBorder
            aria-label={`Apuntes del asiento ${a.Numero}`}
            columnas={['Subcuenta', 'Nombre', ...columnasImporte('Debe', 'Haber')]}
          >
            {a.Apuntes.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an entry's lines keep the ledger's order
              <Table.Tr key={`${l.Subcuenta}-${i}`}>
                <Table.Td ff="monospace">{l.Subcuenta}</Table.Td>
                <Table.Td>{l.Nombre}</Table.Td>
                <CeldasImporte fila={l} campos={DEBE_HABER} />
              </Table.Tr>
            ))}
          </TablaSimple>
        </Stack>
      )}
    </Modal>
  );
}
