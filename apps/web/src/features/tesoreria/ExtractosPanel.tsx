import { formatDate } from '@faro/domain';
import { Badge, Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { derecha, TablaSimple } from '../../ui/TablaSimple.tsx';
import { PagarFacturaDesdeApunte } from './PagarFacturaDesdeApunte.tsx';
import {
  type ApunteLibre,
  MovimientoDesdeApunte,
  type Regla,
  ReglasConciliacion,
  textoRegla,
} from './ReglasConciliacion.tsx';
import { SubirFichero } from './SubirFichero.tsx';
import { dinero, useCuentasBanco, useRefrescar } from './tesoreriaModel.ts';

interface Extracto {
  Id: number;
  IdTesoreria: number;
  NombreCuenta?: string;
  Fichero: string;
  Cuenta: string;
  FechaDesde: string;
  FechaHasta: string;
  SaldoInicial: string;
  SaldoFinal: string;
  NumApuntes: number;
  Pendientes?: number;
}
interface Candidato {
  Clase: string;
  Id: number;
  Fecha: string;
  Importe: string;
  Descripcion: string;
  Etiqueta: string;
}
interface Apunte {
  Id: number;
  Linea: number;
  FechaOperacion: string;
  ConceptoComun: string;
  ConceptoComunTexto: string;
  Importe: string;
  Concepto: string;
  Referencia1: string;
  Referencia2: string;
  ConciliadoCon: string | null;
  IdConciliado: number | null;
  Propuesta: Candidato | null;
  Etiqueta: string;
  Regla: Regla | null;
  ConciliadoEtiqueta: string | null;
}

const CLASE: Record<string, string> = { cobro: 'Cobro', pago: 'Pago', remesa: 'Remesa', movimiento: 'Movimiento' };
const clave = (c: { Clase: string; Id: number }) => `${c.Clase}:${c.Id}`;

/** Bank statements: import a Norma 43 file, then reconcile its lines side by side with the account's movements. */
export function ExtractosPanel() {
  const { info } = useReady();
  const refrescar = useRefrescar();
  const bancos = useCuentasBanco().data ?? [];
  const [cuenta, setCuenta] = useState<string | null>(null);
  const [abierto, setAbierto] = useState<number | null>(null);
  const params = { Pagina: 1, TotalPagina: 50 };
  const lista = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'extractos', params),
    queryFn: () => api.get<ListAnswer<Extracto>>('tesoreria/extractos/list', { params }),
  });
  const importar = async (fichero: File) => {
    // Norma 43 files are ISO-8859-1 text.
    const contenido = new TextDecoder('iso-8859-1').decode(await fichero.arrayBuffer());
    const r = await api.post<{ Items: Extracto[] }>(
      'tesoreria/extractos/importar',
      { IdTesoreria: cuenta ? Number(cuenta) : undefined, Fichero: fichero.name, Contenido: contenido },
      { silent: true },
    );
    notifySuccess(`Extracto importado: ${r.Items.reduce((s, e) => s + e.NumApuntes, 0)} apuntes`);
    await refrescar();
    setAbierto(r.Items[0]?.Id ?? null);
    return '';
  };
  return (
    <Stack gap="md">
      <SubirFichero
        titulo="Importar extracto (Norma 43)"
        placeholder="Elige el fichero del banco"
        accept=".n43,.txt,.aeb,.csb,text/plain"
        importar={importar}
        permiso="TesoMovsCajaBanco"
      >
        <Select
          label="Cuenta"
          placeholder="La del fichero"
          clearable
          data={bancos.map((c) => ({ value: String(c.Id), label: c.Nombre }))}
          value={cuenta}
          onChange={setCuenta}
          w={{ base: '100%', sm: 260 }}
        />
      </SubirFichero>
      <TablaSimple
        minWidth={560}
        striped
        columnas={['Cuenta', 'Periodo', derecha('Saldo final'), 'Apuntes', { titulo: null, clave: 'col4' }]}
      >
        {(lista.data?.Items ?? []).map((e) => (
          <Table.Tr key={e.Id}>
            <Table.Td>{e.NombreCuenta ?? e.Cuenta}</Table.Td>
            <Table.Td>
              {formatDate(e.FechaDesde)} – {formatDate(e.FechaHasta)}
            </Table.Td>
            <Table.Td ta="right">{dinero(e.SaldoFinal)}</Table.Td>
            <Table.Td>
              {e.NumApuntes}
              {e.Pendientes ? (
                <Badge ml="xs" size="sm" variant="light" color="orange">
                  {e.Pendientes} sin conciliar
                </Badge>
              ) : (
                <Badge ml="xs" size="sm" variant="light" color="green">
                  Conciliado
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" onClick={() => setAbierto(e.Id)}>
                Conciliar
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </TablaSimple>
      {!lista.data?.Items.length && <Text c="dimmed">Todavía no hay extractos importados</Text>}
      {abierto && <Conciliacion id={abierto} />}
      <Card withBorder radius="md" padding="md">
        <ReglasConciliacion />
      </Card>
    </Stack>
  );
}

/** Statement lines beside what each can match (the proposal preselected), confirm one by one or all at once. */
function Conciliacion({ id }: { id: number }) {
  const { info } = useReady();
  const refrescar = useRefrescar();
  const detalle = useQuery({
    queryKey: qk.row(info.IdEmpresa, 'extractos', id),
    queryFn: () => api.get<Extracto & { Apuntes: Apunte[]; Candidatos: Candidato[] }>(`tesoreria/extractos/edit/${id}`),
  });
  const [eleccion, setEleccion] = useState<Record<number, string | null>>({});
  const [creando, setCreando] = useState<ApunteLibre | null>(null);
  const [pagando, setPagando] = useState<Apunte | null>(null);
  const d = detalle.data;
  if (!d) return null;
  const elegido = (a: Apunte) => (a.Id in eleccion ? eleccion[a.Id] : a.Propuesta ? clave(a.Propuesta) : null);
  const pares = (as: Apunte[]) =>
    as
      .filter((a) => a.IdConciliado === null && elegido(a))
      .map((a) => {
        const [Clase, Id] = String(elegido(a)).split(':');
        return { IdApunte: a.Id, Clase, Id: Number(Id) };
      });
  const confirmar = async (as: Apunte[]) => {
    const p = pares(as);
    if (!p.length) return;
    await api.post('tesoreria/extractos/conciliar', { Pares: p });
    notifySuccess(p.length === 1 ? 'Apunte conciliado' : `${p.length} apuntes conciliados`);
    setEleccion({});
    await refrescar();
  };
  const deshacer = async (a: Apunte) => {
    await api.post(`tesoreria/extractos/desconciliar/${a.Id}`);
    await refrescar();
  };
  const pendientes = d.Apuntes.filter((a) => a.IdConciliado === null);
  return (
    <Card withBorder radius="md" padding="md" data-testid="conciliacion">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>
            Conciliación · {d.Cuenta} · {formatDate(d.FechaDesde)} – {formatDate(d.FechaHasta)}
          </Text>
          <Button onClick={() => confirmar(pendientes)} disabled={!pares(pendientes).length}>
            Confirmar todas las propuestas
          </Button>
        </Group>
        {d.Apuntes.map((a) => {
          const opciones = d.Candidatos.filter((c) => c.Importe === a.Importe).map((c) => ({
            value: clave(c),
            label: `${CLASE[c.Clase]} · ${c.Etiqueta}`,
          }));
          return (
            <Card key={a.Id} withBorder padding="sm" radius="sm">
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <Stack gap={2} style={{ flex: '1 1 260px' }}>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {a.Etiqueta}
                    </Text>
                    <Badge size="sm" variant="light">
                      {a.ConceptoComunTexto || a.ConceptoComun}
                    </Badge>
                  </Group>
                  {(a.Referencia1 || a.Referencia2) && (
                    <Text size="sm" c="dimmed">
                      {[a.Referencia1, a.Referencia2].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                </Stack>
                <Stack gap={4} style={{ flex: '1 1 300px' }}>
                  {a.IdConciliado !== null ? (
                    <Group gap="xs">
                      <Badge color="green" variant="light">
                        Conciliado
                      </Badge>
                      <Text size="sm">
                        {CLASE[a.ConciliadoCon ?? ''] ?? a.ConciliadoCon} · {a.ConciliadoEtiqueta ?? ''}
                      </Text>
                      <Button size="xs" variant="subtle" onClick={() => deshacer(a)}>
                        Deshacer
                      </Button>
                    </Group>
                  ) : (
                    <>
                      <Group gap="xs" align="flex-end" wrap="nowrap">
                        <Select
                          label={`Movimiento para ${a.Etiqueta}`}
                          placeholder={opciones.length ? 'Elige el movimiento' : 'Ningún movimiento con ese importe'}
                          data={opciones}
                          value={elegido(a)}
                          onChange={(v) => setEleccion((o) => ({ ...o, [a.Id]: v }))}
                          clearable
                          style={{ flex: 1 }}
                        />
                        <Button size="sm" variant="light" disabled={!elegido(a)} onClick={() => confirmar([a])}>
                          Conciliar
                        </Button>
                      </Group>
                      <Group gap="xs">
                        {a.Regla && (
                          <Text size="sm" c="dimmed">
                            Regla: {textoRegla(a.Regla)}
                          </Text>
                        )}
                        <Button size="xs" variant={a.Regla ? 'filled' : 'light'} onClick={() => setCreando(a)}>
                          Crear movimiento
                        </Button>
                        {a.Importe.startsWith('-') && (
                          <Button size="xs" variant="light" onClick={() => setPagando(a)}>
                            Pagar factura recibida
                          </Button>
                        )}
                      </Group>
                    </>
                  )}
                </Stack>
              </Group>
            </Card>
          );
        })}
      </Stack>
      {creando && <MovimientoDesdeApunte apunte={creando} onClose={() => setCreando(null)} />}
      {pagando && <PagarFacturaDesdeApunte apunte={pagando} onClose={() => setPagando(null)} />}
    </Card>
  );
}
