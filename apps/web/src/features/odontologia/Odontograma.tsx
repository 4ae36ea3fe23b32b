import { CARAS_DENTALES, type CaraDental, nombreCara, PIEZAS_PERMANENTES, PIEZAS_TEMPORALES } from '@faro/domain';
import {
  Badge,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { textoDe, useErroresCampo } from '../../ui/form/erroresCampo.ts';
import { TablaSimple } from '../../ui/TablaSimple.tsx';
import { fechaEs, hoyIso } from '../formacion/formacionApi.ts';
import {
  BASE,
  type Marca,
  type Paciente,
  type Recursos,
  type Tratamiento,
  useOdon,
  useRefrescar,
} from './odontologiaApi.ts';

/** Quadrants as the dentist sees the mouth: upper right, upper left, lower right, lower left (FDI order). */
function cuadrantes(temporal: boolean): { titulo: string; piezas: number[] }[] {
  const lista = temporal ? PIEZAS_TEMPORALES : PIEZAS_PERMANENTES;
  const de = (q: number) => lista.filter((p) => Math.floor(p / 10) === q);
  const [a, b, c, d] = temporal ? [5, 6, 8, 7] : [1, 2, 4, 3];
  return [
    { titulo: 'Superior derecho', piezas: de(a!).reverse() },
    { titulo: 'Superior izquierdo', piezas: de(b!) },
    { titulo: 'Inferior derecho', piezas: de(c!).reverse() },
    { titulo: 'Inferior izquierdo', piezas: de(d!) },
  ];
}

/** Fill of a surface: done (blue) wins over planned (red); none is white. Colours from the theme's variables. */
const COLOR = {
  realizado: 'var(--mantine-color-blue-filled)',
  planificado: 'var(--mantine-color-red-filled)',
  nada: 'var(--mantine-color-body)',
};
function estadoDe(marcas: Marca[], cara: CaraDental | null): keyof typeof COLOR {
  const aqui = marcas.filter((m) => (cara === null ? m.Caras === '' : m.Caras.includes(cara)));
  if (aqui.some((m) => m.Estado === 'realizado')) return 'realizado';
  if (aqui.some((m) => m.Estado === 'planificado')) return 'planificado';
  return 'nada';
}

/** The five surfaces of a tooth drawn as a square: V top, L bottom, M and D at the sides, O in the middle. */
function DienteSvg({ pieza, marcas }: { pieza: number; marcas: Marca[] }) {
  // Mesial is towards the midline: on the right of the picture for quadrants 1, 4, 5, 8.
  const mesialDerecha = [1, 4, 5, 8].includes(Math.floor(pieza / 10));
  const fill = (c: CaraDental) => COLOR[estadoDe(marcas, c)];
  const entero = estadoDe(marcas, null);
  const borde = 'var(--mantine-color-text)';
  return (
    <svg viewBox="0 0 40 40" width="100%" height="100%" aria-hidden="true" focusable="false">
      <polygon points="0,0 40,0 28,12 12,12" fill={fill('V')} stroke={borde} strokeWidth="1" />
      <polygon points="0,40 40,40 28,28 12,28" fill={fill('L')} stroke={borde} strokeWidth="1" />
      <polygon points="0,0 12,12 12,28 0,40" fill={fill(mesialDerecha ? 'D' : 'M')} stroke={borde} strokeWidth="1" />
      <polygon points="40,0 28,12 28,28 40,40" fill={fill(mesialDerecha ? 'M' : 'D')} stroke={borde} strokeWidth="1" />
      <rect x="12" y="12" width="16" height="16" fill={fill('O')} stroke={borde} strokeWidth="1" />
      {entero !== 'nada' && (
        <circle cx="20" cy="20" r="18" fill="none" stroke={COLOR[entero]} strokeWidth="3" strokeDasharray="4 2" />
      )}
    </svg>
  );
}

/** The accessible name of a tooth: its number and what it has. */
function descripcionPieza(pieza: number, marcas: Marca[]): string {
  if (!marcas.length) return `Pieza ${pieza}: sin tratamientos`;
  const pl = marcas.filter((m) => m.Estado === 'planificado').length;
  const re = marcas.length - pl;
  return `Pieza ${pieza}: ${[re && `${re} realizado${re > 1 ? 's' : ''}`, pl && `${pl} planificado${pl > 1 ? 's' : ''}`]
    .filter(Boolean)
    .join(', ')}`;
}

/**
 * The odontogram of a patient: FDI teeth in four quadrants (permanent or deciduous), each tooth a button with its
 * five surfaces drawn (done blue, planned red; a dashed ring = the whole tooth). Arrow keys move along the teeth,
 * Enter or Space opens one: its marks (carry out a planned one) and a form to add a mark on chosen surfaces.
 */
export function Odontograma({ idPaciente, pagina = false }: { idPaciente: number; pagina?: boolean }) {
  const datos = useOdon<{ Paciente: Paciente; Marcas: Marca[] }>(`odontograma/${idPaciente}`);
  const [temporal, setTemporal] = useState(false);
  const [pieza, setPieza] = useState<number | null>(null);
  const botones = useRef(new Map<number, HTMLButtonElement>());
  const marcas = datos.data?.Marcas ?? [];
  const de = (p: number) => marcas.filter((m) => m.Pieza === p);
  const orden = cuadrantes(temporal).flatMap((c) => c.piezas);
  const mover = (e: KeyboardEvent, p: number) => {
    const i = orden.indexOf(p);
    const paso = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 8, ArrowUp: -8, Home: -i, End: orden.length - 1 - i }[
      e.key
    ];
    if (paso === undefined) return;
    e.preventDefault();
    const destino =
      orden[
        Math.max(0, Math.min(orden.length - 1, i + (temporal && Math.abs(paso) === 8 ? Math.sign(paso) * 5 : paso)))
      ];
    if (destino) botones.current.get(destino)?.focus();
  };
  if (datos.isLoading) return <Text>Cargando datos...</Text>;
  if (!datos.data) return <Text>No se ha podido cargar el odontograma.</Text>;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={pagina ? 1 : 2} size="h3">
          Odontograma de {datos.data.Paciente.Nombre}
        </Title>
        <SegmentedControl
          aria-label="Dentición"
          value={temporal ? 't' : 'p'}
          onChange={(v) => {
            setTemporal(v === 't');
            setPieza(null);
          }}
          data={[
            { value: 'p', label: 'Permanente' },
            { value: 't', label: 'Temporal' },
          ]}
        />
      </Group>
      <Group gap="xs">
        <Badge color="blue" variant="filled">
          Realizado
        </Badge>
        <Badge color="red" variant="filled">
          Planificado
        </Badge>
        <Text size="sm" c="dimmed">
          Flechas para moverse entre piezas; Intro para abrir una.
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {cuadrantes(temporal).map((c) => (
          <Card
            key={c.titulo}
            withBorder
            padding="xs"
            component="section"
            aria-label={`Cuadrante ${c.titulo.toLowerCase()}`}
          >
            <Text size="sm" fw={600} mb={4}>
              {c.titulo}
            </Text>
            <SimpleGrid cols={8} spacing={4}>
              {c.piezas.map((p) => (
                <UnstyledButton
                  key={p}
                  ref={(el) => {
                    if (el) botones.current.set(p, el);
                    else botones.current.delete(p);
                  }}
                  aria-label={descripcionPieza(p, de(p))}
                  aria-pressed={pieza === p}
                  onClick={() => setPieza(p)}
                  onKeyDown={(e) => mover(e, p)}
                  style={{
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    minHeight: 44,
                    padding: 2,
                    borderRadius: 4,
                    outline: pieza === p ? '2px solid var(--mantine-color-blue-filled)' : undefined,
                  }}
                >
                  <Text size="xs" fw={600} aria-hidden="true">
                    {p}
                  </Text>
                  <span style={{ width: '100%', maxWidth: 36, aspectRatio: '1' }}>
                    <DienteSvg pieza={p} marcas={de(p)} />
                  </span>
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </Card>
        ))}
      </SimpleGrid>
      {pieza !== null && <PanelPieza idPaciente={idPaciente} pieza={pieza} marcas={de(pieza)} />}
    </Stack>
  );
}

/** One tooth: its marks (planned ones can be carried out) and the form to add a mark. */
function PanelPieza({ idPaciente, pieza, marcas }: { idPaciente: number; pieza: number; marcas: Marca[] }) {
  const refrescar = useRefrescar();
  const recursos = useOdon<Recursos>('citas/recursos');
  const catalogo = useOdon<{ Items: Tratamiento[] }>('tratamientos/list');
  const [caras, setCaras] = useState<string[]>([]);
  const [idProducto, setIdProducto] = useState('');
  const [descripcion, setDescripcion] = useState('');
  const [estado, setEstado] = useState<'planificado' | 'realizado'>('planificado');
  const [fecha, setFecha] = useState(hoyIso());
  const { errores, intentar } = useErroresCampo();
  const [ocupado, setOcupado] = useState(false);
  const dentistas = recursos.data?.Dentistas ?? [];
  const guardar = async () => {
    setOcupado(true);
    await intentar(async () => {
      const orden = CARAS_DENTALES.map((c) => c.value)
        .filter((c) => caras.includes(c))
        .join('');
      await api.post(`${BASE}/odontograma/${idPaciente}`, {
        Pieza: pieza,
        Caras: orden,
        IdProducto: idProducto ? Number(idProducto) : null,
        Descripcion: descripcion,
        Estado: estado,
        Fecha: estado === 'realizado' ? fecha : null,
      });
      notifySuccess(`Marca añadida en la pieza ${pieza}`);
      setCaras([]);
      setDescripcion('');
      setIdProducto('');
      await refrescar();
    });
    setOcupado(false);
  };
  const realizar = async (m: Marca) => {
    await api.put(`${BASE}/odontograma/marca/${m.Id}`, { Estado: 'realizado', Fecha: hoyIso() });
    notifySuccess('Tratamiento realizado');
    await refrescar();
  };
  const nombreDentista = (id: number | null) => dentistas.find((d) => d.Id === id)?.Nombre ?? '';
  return (
    <Card withBorder component="section" aria-labelledby="pieza-titulo">
      <Stack gap="sm">
        <Title order={3} size="h4" id="pieza-titulo">
          Pieza {pieza}
        </Title>
        {marcas.length ? (
          <TablaSimple minWidth={320} columnas={['Tratamiento', 'Caras', 'Estado', 'Fecha', 'Dentista', 'Acciones']}>
            {marcas.map((m) => (
              <Table.Tr key={m.Id}>
                <Table.Td>{m.Descripcion}</Table.Td>
                <Table.Td>
                  {[...m.Caras].map((c) => nombreCara(pieza, c as CaraDental)).join(', ') || 'Pieza entera'}
                </Table.Td>
                <Table.Td>
                  <Badge color={m.Estado === 'realizado' ? 'blue' : 'red'} variant="light">
                    {m.Estado === 'realizado' ? 'Realizado' : 'Planificado'}
                  </Badge>
                </Table.Td>
                <Table.Td>{fechaEs(m.Fecha)}</Table.Td>
                <Table.Td>{nombreDentista(m.IdDentista)}</Table.Td>
                <Table.Td>
                  {m.Estado === 'planificado' && (
                    <BotonProtegido permiso="OdonClinica" ocultar size="xs" variant="light" onClick={() => realizar(m)}>
                      Marcar realizado
                    </BotonProtegido>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </TablaSimple>
        ) : (
          <Text c="dimmed">Sin tratamientos en esta pieza.</Text>
        )}
        <Checkbox.Group
          label="Caras"
          value={caras}
          onChange={setCaras}
          error={errores.Caras}
          description="Ninguna: la pieza entera"
        >
          <Group gap="sm" mt={4}>
            {CARAS_DENTALES.map((c) => (
              <Checkbox key={c.value} value={c.value} label={`${c.value} · ${nombreCara(pieza, c.value)}`} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Tratamiento del catálogo"
            value={idProducto}
            onChange={(e) => {
              setIdProducto(e.currentTarget.value);
              const t = catalogo.data?.Items.find((x) => String(x.Id) === e.currentTarget.value);
              if (t) setDescripcion(t.Descripcion);
            }}
            data={[
              { value: '', label: 'Otro (escribe la descripción)' },
              ...(catalogo.data?.Items ?? []).map((t) => ({ value: String(t.Id), label: t.Descripcion })),
            ]}
            error={errores.IdProducto}
          />
          <TextInput label="Descripción" required {...textoDe(descripcion, setDescripcion, errores.Descripcion)} />
          <NativeSelect
            label="Estado"
            value={estado}
            onChange={(e) => setEstado(e.currentTarget.value as 'planificado' | 'realizado')}
            data={[
              { value: 'planificado', label: 'Planificado' },
              { value: 'realizado', label: 'Realizado' },
            ]}
          />
          {estado === 'realizado' && (
            <TextInput label="Fecha" type="date" {...textoDe(fecha, setFecha, errores.Fecha)} />
          )}
        </SimpleGrid>
        <Group>
          <BotonProtegido permiso="OdonClinica" accion="crear" onClick={guardar} loading={ocupado}>
            Añadir a la pieza {pieza}
          </BotonProtegido>
        </Group>
      </Stack>
    </Card>
  );
}
