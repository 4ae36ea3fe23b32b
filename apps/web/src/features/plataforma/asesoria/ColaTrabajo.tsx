import { formatDate, NIVELES_ASESORIA } from '@faro/domain';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../../platform/api/client.ts';
import { useSession } from '../../../platform/session/SessionProvider.tsx';
import { fecha, Pagina, useLista } from '../comun.tsx';
import { CalendarioClientes } from './CalendarioClientes.tsx';

type EstadoModelo = 'presentada' | 'borrador' | 'pendiente';

export interface ClienteCola {
  Id: number;
  Codigo: string;
  Nombre: string;
  NIF: string;
  Nivel: 1 | 2 | 3;
  RechazosVerifactu: number;
  FacturasSinNif: number;
  RecibosDevueltos: number;
  ApuntesSinConciliar: number;
  /** Received e-invoices with a status still to reach the issuer's platform (decision or payment). */
  EfacturasPorInformar: number;
  UltimaActividad: string | null;
  /** Quarterly models due this period and their state. */
  Modelos?: { Modelo: string; Estado: EstadoModelo }[];
  /** Past quarters whose deadline passed with these models never marked as presented. */
  TrimestresSinPresentar?: { Anyo: number; Periodo: string; Fecha: string; Modelos: string[] }[];
  Pendientes: number;
}

interface Plazo {
  Periodo: string;
  Anyo: number;
  Fecha: string;
  Dias: number;
}

const ESTADO_MODELO = {
  presentada: { texto: 'presentado', color: 'green' },
  borrador: { texto: 'en borrador', color: 'orange' },
  pendiente: { texto: 'sin preparar', color: 'red' },
} as const;

/** The client's fiscal calendar of a year, filtered (pending of the current period, or overdue). */
const calendario = (anyo: number | undefined, ver: 'pendientes' | 'vencidos') =>
  `/calendariofiscal/lista?Anyo=${anyo ?? new Date().getFullYear()}&Ver=${ver}`;

/**
 * Each counter and the list behind it in the client (entering opens it there). VeriFactu's list filters by state;
 * the others open the screen where those rows are worked (no list filter for them yet).
 */
const CONTADORES = [
  { campo: 'RechazosVerifactu', texto: 'rechazos VeriFactu', destino: '/fventaverifactu/lista?estado=rechazado' },
  { campo: 'FacturasSinNif', texto: 'facturas sin NIF', destino: '/fventa/lista' },
  { campo: 'RecibosDevueltos', texto: 'recibos devueltos', destino: '/remesas/lista' },
  { campo: 'ApuntesSinConciliar', texto: 'apuntes sin conciliar', destino: '/movstesoreria/lista' },
  { campo: 'EfacturasPorInformar', texto: 'facturas electrónicas por informar', destino: '/fcompra/lista' },
] as const;

/**
 * aseempresas/lista: the firm's clients with what needs attention, one card each (fits a phone); every counter
 * enters the client at the delegated level and opens the list behind it; a past quarter never marked as filed is
 * flagged.
 */
export function ColaTrabajo() {
  const { changeCompany } = useSession();
  const q = useLista<ClienteCola, { Plazo: Plazo | null }>('asesorias/aseempresas/list');
  const plazo = q.data?.Plazo;
  const [entrando, setEntrando] = useState<number | null>(null);
  const filas = [...(q.data?.Items ?? [])].sort((a, b) => b.Pendientes - a.Pendientes);
  const entrar = async (c: ClienteCola, destino = '/') => {
    setEntrando(c.Id);
    try {
      await api.post(`asesorias/aseempresas/entrar/${c.Id}`);
      await changeCompany(c.Id, destino);
    } catch {
      setEntrando(null);
    }
  };
  return (
    <Pagina titulo="Empresas">
      <Text size="sm" c="dimmed">
        Cola de trabajo de todas tus empresas clientes: rechazos de VeriFactu, facturas emitidas sin NIF, recibos
        devueltos, apuntes bancarios sin conciliar y modelos tributarios del periodo.
      </Text>
      {plazo && (
        <Text size="sm" fw={500}>
          Modelos del {plazo.Periodo} de {plazo.Anyo}: plazo hasta el {formatDate(plazo.Fecha)} (
          {plazo.Dias === 0 ? 'hoy' : `quedan ${plazo.Dias} días`})
        </Text>
      )}
      {!q.data && <Text c="dimmed">Cargando datos...</Text>}
      {q.data && filas.length === 0 && <Text c="dimmed">La asesoría todavía no tiene empresas clientes</Text>}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {filas.map((c) => (
          <Card key={c.Id} withBorder radius="md" padding="md" component="article" aria-label={c.Nombre}>
            <Stack gap="sm">
              <Group justify="space-between" align="start" wrap="wrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
                    {c.Nombre}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {c.Codigo} · NIF {c.NIF || '—'} · {NIVELES_ASESORIA[c.Nivel]} · Última actividad:{' '}
                    {fecha(c.UltimaActividad)}
                  </Text>
                </div>
                <Button size="xs" loading={entrando === c.Id} onClick={() => entrar(c)}>
                  Entrar en {c.Nombre}
                </Button>
              </Group>
              {(c.TrimestresSinPresentar ?? []).map((t) => (
                <Button
                  key={`${t.Anyo}-${t.Periodo}`}
                  size="compact-sm"
                  color="red"
                  variant="light"
                  justify="start"
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                  h="auto"
                  py={4}
                  disabled={entrando !== null}
                  onClick={() => entrar(c, calendario(t.Anyo, 'vencidos'))}
                  data-trimestre={`${t.Periodo}-${t.Anyo}`}
                >
                  {t.Periodo} {t.Anyo} sin presentar: modelo {t.Modelos.join(', ')} (plazo vencido el{' '}
                  {formatDate(t.Fecha)})
                </Button>
              ))}
              <Group gap={6} wrap="wrap">
                {CONTADORES.map(({ campo, texto, destino }) =>
                  c[campo] > 0 ? (
                    <Button
                      key={campo}
                      size="compact-xs"
                      color="red"
                      variant="light"
                      disabled={entrando !== null}
                      onClick={() => entrar(c, destino)}
                    >
                      {c[campo]} {texto}
                    </Button>
                  ) : (
                    <Badge key={campo} variant="light" color="gray">
                      0 {texto}
                    </Badge>
                  ),
                )}
                {(c.Modelos ?? []).map((m) => (
                  <Button
                    key={m.Modelo}
                    size="compact-xs"
                    variant="light"
                    color={ESTADO_MODELO[m.Estado].color}
                    disabled={entrando !== null}
                    onClick={() => entrar(c, calendario(plazo?.Anyo, 'pendientes'))}
                  >
                    Modelo {m.Modelo} {ESTADO_MODELO[m.Estado].texto}
                  </Button>
                ))}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <CalendarioClientes
        entrar={(id, destino) => entrar({ Id: id } as ClienteCola, destino)}
        ocupado={entrando !== null}
      />
    </Pagina>
  );
}
