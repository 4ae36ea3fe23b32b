import { enumOptions, formatDateTime, formatMinutes } from '@faro/domain';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Code,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { usePermiso } from '../../platform/session/usePermiso.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { textoDe } from '../../ui/form/erroresCampo.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { CorreccionModal } from './CorreccionModal.tsx';
import { MesFichajes, TablaCorrecciones } from './MesFichajes.tsx';
import {
  type Correccion,
  guardarFichero,
  type MesFichajesData,
  mesActual,
  type PersonaFichaje,
} from './personalApi.ts';
import { Quiosco } from './Quiosco.tsx';
import { AccionesCorreccion, TablaTarjeta } from './TablaTarjeta.tsx';

const SITUACIONES = enumOptions({ pendiente: 'Pendientes', aprobada: 'Aprobadas', rechazada: 'Rechazadas' });

const TABS = ['mes', 'correcciones', 'informe', 'verificacion', 'inspeccion', 'quiosco'] as const;
type Tab = (typeof TABS)[number];

/** /controlhorario/lista: the managers' time clock. The tab and the filters live in the URL. */
export function ControlHorarioScreens() {
  usePageTitle('Control horario');
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'mes';
  const set = (key: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  return (
    <Stack maw={1200}>
      <Title order={1} fz="h2">
        Control horario
      </Title>
      <Tabs value={tab} onChange={(v) => set('tab', v)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="mes">Mes por empleado</Tabs.Tab>
          <Tabs.Tab value="correcciones">Correcciones</Tabs.Tab>
          <Tabs.Tab value="informe">Informe</Tabs.Tab>
          <Tabs.Tab value="verificacion">Verificación</Tabs.Tab>
          <Tabs.Tab value="inspeccion">Inspección</Tabs.Tab>
          <Tabs.Tab value="quiosco">Quiosco</Tabs.Tab>
        </Tabs.List>
        <Box pt="md">
          <Tabs.Panel value="mes">
            <MesEmpleado persona={params.get('persona')} mes={params.get('mes') ?? mesActual()} set={set} />
          </Tabs.Panel>
          <Tabs.Panel value="correcciones">
            <Correcciones />
          </Tabs.Panel>
          <Tabs.Panel value="informe">
            <Informe mes={params.get('mes') ?? mesActual()} set={set} />
          </Tabs.Panel>
          <Tabs.Panel value="verificacion">
            <Verificacion />
          </Tabs.Panel>
          <Tabs.Panel value="inspeccion">
            <Inspeccion />
          </Tabs.Panel>
          <Tabs.Panel value="quiosco">
            <Quiosco />
          </Tabs.Panel>
        </Box>
      </Tabs>
    </Stack>
  );
}

function usePersonas() {
  const { info } = useReady();
  return useQuery({
    queryKey: ['empresa', info.IdEmpresa, 'controlhorario', 'personas'],
    queryFn: () => api.get<{ Items: PersonaFichaje[] }>('rrhh/fichajes/personas'),
  });
}

function MesInput({ mes, set }: { mes: string; set: (k: string, v: string | null) => void }) {
  return (
    <TextInput
      label="Mes"
      type="month"
      value={mes}
      onChange={(e) => e.currentTarget.value && set('mes', e.currentTarget.value)}
      w={180}
    />
  );
}

function MesEmpleado({
  persona,
  mes,
  set,
}: {
  persona: string | null;
  mes: string;
  set: (k: string, v: string | null) => void;
}) {
  const { info } = useReady();
  const queryClient = useQueryClient();
  const personas = usePersonas();
  const [proponer, setProponer] = useState(false);
  const elegida = persona ?? String(personas.data?.Items[0]?.IdPersona ?? '');
  const data = useQuery({
    queryKey: ['empresa', info.IdEmpresa, 'controlhorario', 'mes', elegida, mes],
    queryFn: () => api.get<MesFichajesData>('rrhh/fichajes/mes', { params: { IdPersona: elegida, Mes: mes } }),
    enabled: !!elegida,
  });
  const descargar = async (Formato: 'pdf' | 'xlsx' | 'csv') => {
    const blob = await api.download('rrhh/fichajes/hoja', { IdPersona: elegida, Mes: mes, Formato });
    guardarFichero(blob, `jornada-${mes}.${Formato}`);
  };
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Empleado"
          data={(personas.data?.Items ?? []).map((p) => ({ value: String(p.IdPersona), label: p.Nombre }))}
          value={elegida || null}
          onChange={(v) => set('persona', v)}
          searchable
          allowDeselect={false}
          w={280}
        />
        <MesInput mes={mes} set={set} />
        <Button variant="light" onClick={() => descargar('pdf')} disabled={!elegida}>
          Hoja mensual (PDF)
        </Button>
        <Button variant="default" onClick={() => descargar('xlsx')} disabled={!elegida}>
          Excel
        </Button>
        <BotonProtegido
          permiso="PersEmple"
          accion="crear"
          variant="default"
          onClick={() => setProponer(true)}
          disabled={!elegida}
        >
          Proponer corrección
        </BotonProtegido>
      </Group>
      {data.data && (
        <>
          <Text size="sm">
            {data.data.Aceptacion
              ? `Hoja aceptada por el trabajador el ${formatDateTime(data.data.Aceptacion.AceptadaEn)}`
              : 'El trabajador aún no ha aceptado la hoja de este mes'}
          </Text>
          <MesFichajes data={data.data} />
        </>
      )}
      {proponer && (
        <CorreccionModal
          titulo="Proponer una corrección al trabajador"
          onClose={() => setProponer(false)}
          onSubmit={async (p) => {
            try {
              await api.post('rrhh/fichajescorr/save', { ...p, IdPersona: Number(elegida) });
              notifySuccess('Corrección propuesta: el trabajador debe aprobarla');
              await queryClient.invalidateQueries({ queryKey: ['empresa', info.IdEmpresa, 'controlhorario'] });
              return true;
            } catch {
              return false;
            }
          }}
        />
      )}
    </Stack>
  );
}

function Correcciones() {
  const { info } = useReady();
  const puede = usePermiso('PersEmple');
  const queryClient = useQueryClient();
  const personas = usePersonas();
  const [situacion, setSituacion] = useState<string | null>('pendiente');
  const data = useQuery({
    queryKey: ['empresa', info.IdEmpresa, 'controlhorario', 'correcciones', situacion],
    queryFn: () => api.get<{ Items: Correccion[] }>('rrhh/fichajescorr/list', { params: { Situacion: situacion } }),
  });
  const nombre = new Map((personas.data?.Items ?? []).map((p) => [p.IdPersona, p.Nombre]));
  const resolver = async (c: Correccion, accion: 'aprobar' | 'rechazar') => {
    try {
      await api.post(`rrhh/fichajescorr/${accion}/${c.Id}`, {});
      notifySuccess(accion === 'aprobar' ? 'Corrección aprobada' : 'Corrección rechazada');
      await queryClient.invalidateQueries({ queryKey: ['empresa', info.IdEmpresa, 'controlhorario'] });
    } catch {
      // the toast said why
    }
  };
  const items = data.data?.Items ?? [];
  return (
    <Stack>
      <Select label="Estado" data={[...SITUACIONES]} value={situacion} onChange={setSituacion} clearable w={220} />
      <Text size="sm" c="dimmed">
        Una corrección nunca modifica el fichaje original: al aprobarla se añade un registro nuevo a la cadena. El
        responsable aprueba las que propone el trabajador y el trabajador las que propone el responsable.
      </Text>
      {items.length === 0 ? (
        <Text c="dimmed">No hay correcciones</Text>
      ) : (
        <TablaCorrecciones
          items={items.map((c) => ({ ...c, Motivo: `${nombre.get(c.IdPersona) ?? ''} · ${c.Motivo}` }))}
          acciones={(c) =>
            c.Situacion === 'pendiente' &&
            puede.editar && (
              <AccionesCorreccion
                turno={c.PropuestaPor === 't'}
                espera="Espera al trabajador"
                onResolver={(accion) => resolver(c, accion)}
              />
            )
          }
        />
      )}
    </Stack>
  );
}

interface FilaInforme {
  IdPersona: number;
  Nombre: string;
  Trabajados: number;
  Previstos: number;
  Extra: number;
  Ausencias: number;
  SinSalida: number;
  Alertas: string[];
}

function Informe({ mes, set }: { mes: string; set: (k: string, v: string | null) => void }) {
  const { info } = useReady();
  const data = useQuery({
    queryKey: ['empresa', info.IdEmpresa, 'controlhorario', 'informe', mes],
    queryFn: () => api.get<{ Items: FilaInforme[] }>('rrhh/fichajes/informe', { params: { Mes: mes } }),
  });
  const items = data.data?.Items ?? [];
  const max = Math.max(1, ...items.map((i) => Math.max(i.Trabajados, i.Previstos)));
  const descargar = async () =>
    guardarFichero(await api.download('rrhh/fichajes/hoja', { Mes: mes, Formato: 'xlsx' }), `jornada-${mes}.xlsx`);
  return (
    <Stack>
      <Group align="flex-end">
        <MesInput mes={mes} set={set} />
        <Button variant="light" onClick={descargar}>
          Descargar el mes (Excel)
        </Button>
      </Group>
      <Card withBorder radius="lg" padding="md">
        <Title order={2} fz="h4" mb="sm">
          Horas trabajadas y previstas
        </Title>
        <Stack gap="xs" role="img" aria-label={`Gráfico de horas por empleado del mes ${mes}`}>
          {items.map((i) => (
            <div key={i.IdPersona}>
              <Text size="sm">{i.Nombre}</Text>
              <Box bg="blue.6" h={10} w={`${(i.Trabajados / max) * 100}%`} style={{ borderRadius: 4 }} />
              <Box bg="gray.4" h={6} mt={2} w={`${(i.Previstos / max) * 100}%`} style={{ borderRadius: 4 }} />
            </div>
          ))}
        </Stack>
        <Text size="xs" c="dimmed" mt="xs">
          Barra azul: trabajado. Barra gris: previsto.
        </Text>
      </Card>
      <TablaTarjeta
        minWidth={640}
        testId="informe-horas"
        head={['Empleado', 'Trabajado', 'Previsto', 'Extra', 'Ausencias', 'Avisos']}
      >
        {items.map((i) => (
          <Table.Tr key={i.IdPersona}>
            <Table.Td>{i.Nombre}</Table.Td>
            <Table.Td>{formatMinutes(i.Trabajados)}</Table.Td>
            <Table.Td>{formatMinutes(i.Previstos)}</Table.Td>
            <Table.Td>{formatMinutes(i.Extra)}</Table.Td>
            <Table.Td>{i.Ausencias}</Table.Td>
            <Table.Td>
              {i.Alertas.length > 0 && (
                <Badge color="orange" variant="light">
                  {i.Alertas.length} {i.Alertas.length === 1 ? 'aviso' : 'avisos'}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </TablaTarjeta>
    </Stack>
  );
}

interface Verificacion {
  ok: boolean;
  revisados: number;
  defectos: { Id: number; Persona: number; Fecha: string; Defecto: string; Mensaje: string }[];
}

function Verificacion() {
  const [result, setResult] = useState<Verificacion | null>(null);
  const [busy, setBusy] = useState(false);
  const verificar = async () => {
    setBusy(true);
    try {
      setResult(await api.get<Verificacion>('rrhh/fichajes/verificar'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Text size="sm">
        Cada fichaje guarda la huella (SHA-256) de su contenido y la del fichaje anterior del mismo empleado. La
        verificación recalcula todas las huellas: un registro modificado o borrado directamente en la base de datos
        queda al descubierto.
      </Text>
      <Group>
        <Button onClick={verificar} loading={busy}>
          Verificar la cadena
        </Button>
      </Group>
      {result && (
        <Alert
          color={result.ok ? 'green' : 'red'}
          title={result.ok ? 'La cadena está íntegra' : 'La cadena tiene defectos'}
          role={result.ok ? 'status' : 'alert'}
          data-testid="verificacion"
        >
          <Text size="sm">{result.revisados} registros revisados.</Text>
          {result.defectos.map((d) => (
            <Text key={`${d.Id}-${d.Defecto}`} size="sm">
              Registro {d.Id} ({formatDateTime(d.Fecha)}): {d.Mensaje}
            </Text>
          ))}
        </Alert>
      )}
    </Stack>
  );
}

interface Enlace {
  Id: number;
  Destinatario: string;
  Desde: string;
  Hasta: string;
  Caduca: string;
  Revocado: string | null;
  Accesos: number;
  Enlace?: string;
}

function Inspeccion() {
  const { info } = useReady();
  const queryClient = useQueryClient();
  const hoy = new Date().toISOString().slice(0, 10);
  const [destinatario, setDestinatario] = useState('Inspección de Trabajo y Seguridad Social');
  const [desde, setDesde] = useState(`${hoy.slice(0, 7)}-01`);
  const [hasta, setHasta] = useState(hoy);
  const [dias, setDias] = useState<number | string>(7);
  const [creado, setCreado] = useState<string | null>(null);
  const key = ['empresa', info.IdEmpresa, 'controlhorario', 'inspeccion'];
  const data = useQuery({ queryKey: key, queryFn: () => api.get<{ Items: Enlace[] }>('rrhh/inspeccion/list') });
  const crear = async () => {
    try {
      const e = await api.post<Enlace>('rrhh/inspeccion/save', {
        Destinatario: destinatario,
        Desde: desde,
        Hasta: hasta,
        Dias: Number(dias),
      });
      setCreado(`${window.location.origin}${e.Enlace}`);
      notifySuccess('Enlace de inspección creado');
      await queryClient.invalidateQueries({ queryKey: key });
    } catch {
      // the toast said why
    }
  };
  const revocar = async (id: number) => {
    await api.post(`rrhh/inspeccion/revocar/${id}`, {});
    await queryClient.invalidateQueries({ queryKey: key });
  };
  return (
    <Stack>
      <Text size="sm">
        Un enlace de solo lectura y con caducidad para la Inspección de Trabajo o la representación de los trabajadores:
        muestra los registros del periodo y los descarga en PDF, Excel o CSV. Cada acceso queda registrado.
      </Text>
      <Group align="flex-end" wrap="wrap">
        <TextInput label="Destinatario" {...textoDe(destinatario, setDestinatario)} w={320} />
        <TextInput label="Desde" type="date" value={desde} onChange={(e) => setDesde(e.currentTarget.value)} />
        <TextInput label="Hasta" type="date" value={hasta} onChange={(e) => setHasta(e.currentTarget.value)} />
        <NumberInput label="Días de validez" value={dias} onChange={setDias} min={1} max={90} w={140} />
        <BotonProtegido permiso="PersEmple" accion="crear" onClick={crear}>
          Crear enlace
        </BotonProtegido>
      </Group>
      {creado && (
        <Alert color="green" title="Enlace creado (se muestra solo ahora)">
          <Code block data-testid="enlace-inspeccion">
            {creado}
          </Code>
          <Button component="a" href={creado} target="_blank" rel="noopener" variant="subtle" mt="xs">
            Abrir el enlace
          </Button>
        </Alert>
      )}
      <TablaTarjeta minWidth={640} striped={false} head={['Destinatario', 'Periodo', 'Caduca', 'Accesos', 'Acciones']}>
        {(data.data?.Items ?? []).map((e) => {
          const vivo = !e.Revocado && Date.parse(e.Caduca) > Date.now();
          return (
            <Table.Tr key={e.Id}>
              <Table.Td>{e.Destinatario}</Table.Td>
              <Table.Td>
                {e.Desde} – {e.Hasta}
              </Table.Td>
              <Table.Td>{formatDateTime(e.Caduca)}</Table.Td>
              <Table.Td>{e.Accesos}</Table.Td>
              <Table.Td>
                {vivo ? (
                  <BotonProtegido
                    permiso="PersEmple"
                    ocultar
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => revocar(e.Id)}
                  >
                    Revocar
                  </BotonProtegido>
                ) : (
                  <Badge variant="light" color="gray">
                    {e.Revocado ? 'Revocado' : 'Caducado'}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </TablaTarjeta>
    </Stack>
  );
}
