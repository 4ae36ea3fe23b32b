import { formatAmount, formatDate, MSG_LIBRO } from '@faro/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { TablaSimple } from '../../ui/TablaSimple.tsx';
import { ProgresoGeneracion, useGenerarAsientos } from './generarAsientos.tsx';

const R = 'impuestos/contabilidad/libro';

export interface Ejercicio {
  Ejercicio: number;
  Cerrado: boolean;
  CerradoEn: string | null;
  Asientos: number;
}
export interface AsientoCierre {
  Id: number;
  Ejercicio: number;
  Numero: number;
  Fecha: string;
  Origen: string;
  Concepto: string;
}
export interface RevisionCierre {
  Ejercicio: number;
  Cerrado: boolean;
  CerradoEn: string | null;
  SiguienteCerrado: boolean;
  Cuadra: boolean;
  Debe: string;
  Haber: string;
  DocumentosSinAsiento: number;
  MasDocumentosSinAsiento: boolean;
  Modelos303: { Periodo: string; Presentado: boolean }[];
  Asientos: AsientoCierre[];
}

const NOMBRE_ASIENTO: Record<string, string> = {
  regularizacion: 'Regularización (129)',
  cierre: 'Cierre',
  apertura: 'Apertura',
};

/** Why the year cannot be closed yet (the checklist's blocking points), or null. */
export function motivoNoCerrar(r: RevisionCierre): string | null {
  if (!r.Cuadra) return `Los asientos del ejercicio ${r.Ejercicio} no cuadran: revisa el libro antes de cerrarlo`;
  if (r.DocumentosSinAsiento > 0)
    return `Hay documentos del ejercicio ${r.Ejercicio} sin asiento: genera sus asientos antes de cerrarlo`;
  return null;
}

/** Why a closed year cannot be reopened (only the last closed one can), or null. */
export const motivoNoReabrir = (r: RevisionCierre): string | null =>
  r.SiguienteCerrado ? MSG_LIBRO.reabrirPosterior(r.Ejercicio) : null;

/** The years to choose from: those of the ledger plus the current and the previous one, newest first. */
export function ejerciciosElegibles(items: readonly Ejercicio[], hoy = new Date()): number[] {
  const y = hoy.getFullYear();
  return [...new Set([y, y - 1, ...items.map((e) => e.Ejercicio)])].sort((a, b) => b - a);
}

/**
 * `contabilidad/cierre`: the year close. The years with their state; for the chosen one a checklist (balance,
 * documents without entry with «Generar asientos», the 303s filed), «Cerrar ejercicio» behind a confirmation that
 * says which entries it writes, the entries written (linked to the ledger), and «Reabrir» for the last closed year.
 * Closing and reopening need ImptoEmit 3, as their routes.
 */
export function CierreEjercicio() {
  const { info } = useReady();
  const qc = useQueryClient();
  const [anyo, setAnyo] = useState(() => new Date().getFullYear() - 1);
  const [confirmar, setConfirmar] = useState<'cerrar' | 'reabrir' | null>(null);
  const ejercicios = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'libro', { ejercicios: 1 }),
    queryFn: () => api.get<{ Items: Ejercicio[] }>(`${R}/ejercicios`),
  });
  const revision = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'libro', { cierre: anyo }),
    queryFn: () => api.get<RevisionCierre>(`${R}/cierre/${anyo}`),
  });
  const refrescar = () => qc.invalidateQueries({ queryKey: ['empresa', info.IdEmpresa, 'libro'] });
  const { estado, generando, generar } = useGenerarAsientos(refrescar);
  const accion = useMutation({
    mutationFn: (que: 'cerrar' | 'reabrir') => api.post(`${R}/${que}`, { Ejercicio: anyo }),
    onSuccess: async (_r, que) => {
      notifySuccess(que === 'cerrar' ? `Ejercicio ${anyo} cerrado` : `Ejercicio ${anyo} reabierto`);
      setConfirmar(null);
      await refrescar();
    },
  });
  const r = revision.data;
  const anyos = ejerciciosElegibles(ejercicios.data?.Items ?? []);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Title order={2} fz="h4" mb="xs">
          Ejercicios
        </Title>
        <TablaSimple
          minWidth={320}
          striped
          aria-label="Ejercicios contables"
          columnas={[
            { titulo: 'Ejercicio', scope: 'col' },
            { titulo: 'Estado', scope: 'col' },
            { titulo: 'Asientos', scope: 'col', ta: 'right' },
          ]}
        >
          {(ejercicios.data?.Items ?? []).map((e) => (
            <Table.Tr key={e.Ejercicio}>
              <Table.Td>
                <Anchor component="button" type="button" underline="always" onClick={() => setAnyo(e.Ejercicio)}>
                  {e.Ejercicio}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {e.Cerrado ? (
                  <Badge color="gray" variant="light">
                    Cerrado{e.CerradoEn ? ` el ${formatDate(e.CerradoEn.slice(0, 10))}` : ''}
                  </Badge>
                ) : (
                  <Badge color="green" variant="light">
                    Abierto
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">{e.Asientos}</Table.Td>
            </Table.Tr>
          ))}
          {ejercicios.data?.Items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>El libro no tiene asientos todavía.</Table.Td>
            </Table.Tr>
          )}
        </TablaSimple>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="end" wrap="wrap" mb="sm">
          <Title order={2} fz="h4">
            Cierre del ejercicio {anyo}
          </Title>
          <Select
            label="Ejercicio"
            w={140}
            allowDeselect={false}
            data={anyos.map(String)}
            value={String(anyo)}
            onChange={(v) => v && setAnyo(Number(v))}
          />
        </Group>
        {r && (
          <Stack gap="sm">
            <Group gap="xs">
              <Text span>Estado:</Text>
              {r.Cerrado ? (
                <Badge color="gray" variant="light">
                  Cerrado
                </Badge>
              ) : (
                <Badge color="green" variant="light">
                  Abierto
                </Badge>
              )}
            </Group>
            {!r.Cerrado && (
              <Revision
                r={r}
                generar={() => void generar({ FechaDesde: `${anyo}-01-01`, FechaHasta: `${anyo}-12-31` })}
                generando={generando}
              />
            )}
            <ProgresoGeneracion estado={estado} />
            <Group>
              {/* A closed year offers reopening (the quiet button), an open one closing. */}
              <BotonProtegido
                permiso="ImptoEmit"
                accion="configurar"
                variant={r.Cerrado ? 'default' : undefined}
                motivo={r.Cerrado ? motivoNoReabrir(r) : motivoNoCerrar(r)}
                onClick={() => setConfirmar(r.Cerrado ? 'reabrir' : 'cerrar')}
              >
                {r.Cerrado ? 'Reabrir ejercicio' : 'Cerrar ejercicio'}
              </BotonProtegido>
            </Group>
            {r.Asientos.length > 0 && <AsientosCierre asientos={r.Asientos} />}
          </Stack>
        )}
      </Card>

      <Modal
        opened={confirmar !== null}
        onClose={() => setConfirmar(null)}
        title={confirmar === 'cerrar' ? `Cerrar el ejercicio ${anyo}` : `Reabrir el ejercicio ${anyo}`}
      >
        <Stack gap="sm">
          {confirmar === 'cerrar' ? (
            <>
              <Text size="sm">Se escribirán estos asientos:</Text>
              <List size="sm" spacing={4}>
                <List.Item>
                  Regularización a 31/12/{anyo}: los saldos de las cuentas de gastos (6) e ingresos (7) pasan a la
                  cuenta 129, Resultado del ejercicio.
                </List.Item>
                <List.Item>Cierre a 31/12/{anyo}: todas las cuentas con saldo quedan a cero.</List.Item>
                <List.Item>
                  Apertura a 01/01/{anyo + 1}: los mismos saldos abren el ejercicio {anyo + 1}.
                </List.Item>
              </List>
              <Text size="sm">
                El ejercicio {anyo} quedará cerrado: sus asientos no se podrán crear ni modificar hasta que lo reabras.
              </Text>
            </>
          ) : (
            <Text size="sm">
              Se escribirán los asientos inversos de la regularización, el cierre y la apertura (no se borra nada) y el
              ejercicio {anyo} volverá a estar abierto.
            </Text>
          )}
          {accion.isPending && (
            <Progress.Root size="sm">
              <Progress.Section
                value={100}
                animated
                striped
                withAria={false}
                role="progressbar"
                aria-label={
                  confirmar === 'cerrar'
                    ? 'Cerrando el ejercicio: regularización, cierre y apertura'
                    : 'Reabriendo el ejercicio: asientos inversos'
                }
              />
            </Progress.Root>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmar(null)}>
              Cancelar
            </Button>
            <Button
              color={confirmar === 'cerrar' ? undefined : 'red'}
              loading={accion.isPending}
              onClick={() => confirmar && accion.mutate(confirmar)}
            >
              {confirmar === 'cerrar' ? `Cerrar el ejercicio ${anyo}` : `Reabrir el ejercicio ${anyo}`}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The pre-close checklist of an open year. */
function Revision({ r, generar, generando }: { r: RevisionCierre; generar: () => void; generando: boolean }) {
  const pendientes = r.Modelos303.filter((m) => !m.Presentado).map((m) => m.Periodo);
  const sinAsiento = `${r.MasDocumentosSinAsiento ? 'Más de ' : ''}${r.DocumentosSinAsiento}`;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        Revisión antes de cerrar
      </Title>
      <Alert color={r.Cuadra ? 'green' : 'red'} variant="light" title={r.Cuadra ? 'Cuadrado' : 'Descuadrado'}>
        Debe {formatAmount(r.Debe)} · Haber {formatAmount(r.Haber)}
      </Alert>
      {r.DocumentosSinAsiento === 0 ? (
        <Alert color="green" variant="light" title="Documentos con asiento">
          Todos los documentos del ejercicio tienen su asiento.
        </Alert>
      ) : (
        <Alert color="orange" variant="light" title="Documentos sin asiento">
          <Stack gap="xs" align="start">
            <Text size="sm">{sinAsiento} documentos del ejercicio no tienen asiento.</Text>
            <BotonProtegido permiso="ImptoEmit" size="xs" variant="light" onClick={generar} loading={generando}>
              Generar asientos
            </BotonProtegido>
          </Stack>
        </Alert>
      )}
      <Alert
        color={pendientes.length ? 'orange' : 'green'}
        variant="light"
        title={pendientes.length ? 'Modelos 303 sin presentar' : 'Modelos 303 presentados'}
      >
        {pendientes.length
          ? `Sin presentar: ${pendientes.join(', ')}. Puedes cerrar igualmente; revísalos antes.`
          : `Presentados: ${r.Modelos303.map((m) => m.Periodo).join(', ')}.`}
      </Alert>
    </Stack>
  );
}

/** The entries the close wrote, each linked to the ledger (its diario, with the entry open). */
function AsientosCierre({ asientos }: { asientos: AsientoCierre[] }) {
  return (
    <TablaSimple
      striped
      aria-label="Asientos del cierre"
      columnas={[
        { titulo: 'Asiento', scope: 'col' },
        { titulo: 'Fecha', scope: 'col' },
        { titulo: 'Tipo', scope: 'col' },
      ]}
    >
      {asientos.map((a) => (
        <Table.Tr key={a.Id}>
          <Table.Td>
            <Anchor component={Link} to={`/contabilidad/libro?asiento=${a.Id}&anyo=${a.Ejercicio}`} underline="always">
              Asiento {a.Numero} ({a.Ejercicio})
            </Anchor>
          </Table.Td>
          <Table.Td>{formatDate(a.Fecha)}</Table.Td>
          <Table.Td>{NOMBRE_ASIENTO[a.Origen] ?? a.Concepto}</Table.Td>
        </Table.Tr>
      ))}
    </TablaSimple>
  );
}
