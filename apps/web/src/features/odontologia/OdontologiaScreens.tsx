import { formatAmount, type RouteDef, TIPOS_CONSENTIMIENTO } from '@faro/domain';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { TdImporte } from '../../ui/fields/Importe.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { fechaEs, hoyIso } from '../formacion/formacionApi.ts';
import { Odontograma } from './Odontograma.tsx';
import {
  BASE,
  type Cita,
  erroresDe,
  type Paciente,
  type Plan,
  type Recursos,
  type Tratamiento,
  useOdon,
  useRefrescar,
} from './odontologiaApi.ts';

type Props = { action: string; segments: string[]; route: RouteDef };

/**
 * The dental practice's screens (docs/odontologia.md): pacientes (search → the patient's file: clinical
 * history, consents, odontogram, plans), odontograma (search → the odontogram), planestrat (plans: new, accept,
 * carry out), citas (a day of the agenda per dentist and chair, with the booking form) and tratamientos.
 */
export function OdontologiaScreens({ action, segments, route }: Props) {
  usePageTitle(route.title);
  const [vista, id] = segments;
  const idNum = Number(id);
  const conId = vista === 'editar' && Number.isSafeInteger(idNum) && idNum > 0;
  if (action === 'pacientes')
    return conId ? <FichaPaciente id={idNum} /> : <BuscarPacientes titulo="Pacientes" destino="pacientes" />;
  if (action === 'odontograma')
    return conId ? (
      <Odontograma idPaciente={idNum} pagina />
    ) : (
      <BuscarPacientes titulo="Odontograma" destino="odontograma" />
    );
  if (action === 'planestrat')
    return vista === 'nuevo' ? <NuevoPlan /> : conId ? <PlanDetalle id={idNum} /> : <ListaPlanes />;
  if (action === 'citas') return <Citas />;
  return <Tratamientos />;
}

/** Patients by name, tax id or phone; each opens the patient's file (or odontogram). */
function BuscarPacientes({ titulo, destino }: { titulo: string; destino: string }) {
  const [texto, setTexto] = useState('');
  const [buscar, setBuscar] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setBuscar(texto.trim()), 300);
    return () => clearTimeout(t);
  }, [texto]);
  const lista = useOdon<{ Items: Paciente[]; HayMas: boolean }>('pacientes/list', { Buscar: buscar });
  return (
    <Stack>
      <Title order={1} size="h2">
        {titulo}
      </Title>
      <TextInput
        label="Buscar paciente"
        description="Nombre, NIF o teléfono"
        value={texto}
        onChange={(e) => setTexto(e.currentTarget.value)}
      />
      {lista.isLoading && <Text>Cargando datos...</Text>}
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {(lista.data?.Items ?? []).map((p) => (
          <li key={p.Id}>
            <Anchor component={Link} to={`/${destino}/editar/${p.Id}`}>
              {p.Nombre}
            </Anchor>{' '}
            <Text span size="sm" c="dimmed">
              {[p.NIF, p.Telefono].filter(Boolean).join(' · ')}
            </Text>
          </li>
        ))}
      </Stack>
      {lista.data && !lista.data.Items.length && <Text c="dimmed">No hay pacientes con ese criterio.</Text>}
      <Text size="sm" c="dimmed">
        Un paciente nuevo se da de alta como cliente:{' '}
        <Anchor component={Link} to="/clientes/nuevo">
          Nuevo cliente
        </Anchor>
      </Text>
    </Stack>
  );
}

interface Historia {
  Paciente: Paciente;
  Historia: { Alergias: string; Enfermedades: string; Medicacion: string; Notas: string };
  Entradas: { Id: number; Fecha: string; Texto: string; Dentista: string | null }[];
  Consentimientos: {
    Id: number;
    Tipo: string;
    Fecha: string;
    IdFichero: number | null;
    Fichero: string | null;
    Observaciones: string | null;
  }[];
}

/** The patient's file: clinical history (special-category data: its reads are audited), consents, odontogram, plans. */
function FichaPaciente({ id }: { id: number }) {
  const datos = useOdon<Historia>(`historia/${id}`);
  const [tab, setTab] = useState<string | null>('historia');
  if (datos.isLoading) return <Text>Cargando datos...</Text>;
  if (!datos.data) return <Text>No se ha podido cargar la ficha del paciente.</Text>;
  return (
    <Stack>
      <Title order={1} size="h2">
        {datos.data.Paciente.Nombre}
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="historia">Historia clínica</Tabs.Tab>
          <Tabs.Tab value="odontograma">Odontograma</Tabs.Tab>
          <Tabs.Tab value="planes">Planes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="historia" pt="md">
          <HistoriaClinica id={id} datos={datos.data} />
        </Tabs.Panel>
        <Tabs.Panel value="odontograma" pt="md">
          <Odontograma idPaciente={id} />
        </Tabs.Panel>
        <Tabs.Panel value="planes" pt="md">
          <ListaPlanes idCliente={id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function HistoriaClinica({ id, datos }: { id: number; datos: Historia }) {
  const refrescar = useRefrescar();
  const [h, setH] = useState(datos.Historia);
  const [entrada, setEntrada] = useState({ Fecha: hoyIso(), Texto: '' });
  const [cons, setCons] = useState({ Tipo: 'general', Fecha: hoyIso(), Observaciones: '' });
  const [fichero, setFichero] = useState<File | null>(null);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const tipo = (v: string) => TIPOS_CONSENTIMIENTO.find((t) => t.value === v)?.label ?? v;
  const intentar = async (f: () => Promise<unknown>, ok: string) => {
    setErrores({});
    try {
      await f();
      notifySuccess(ok);
      await refrescar();
      return true;
    } catch (e) {
      setErrores(erroresDe(e));
      return false;
    }
  };
  const campo = (k: keyof typeof h, label: string) => (
    <Textarea
      label={label}
      autosize
      minRows={2}
      value={h[k]}
      onChange={(e) => setH({ ...h, [k]: e.currentTarget.value })}
      error={errores[k]}
    />
  );
  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby="h-datos">
        <Title order={2} size="h4" id="h-datos" mb="sm">
          Antecedentes
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {campo('Alergias', 'Alergias')}
          {campo('Enfermedades', 'Enfermedades')}
          {campo('Medicacion', 'Medicación')}
          {campo('Notas', 'Notas')}
        </SimpleGrid>
        <Group mt="sm">
          <Button onClick={() => intentar(() => api.put(`${BASE}/historia/${id}`, h), 'Historia clínica guardada')}>
            Guardar historia
          </Button>
        </Group>
      </Card>
      <Card withBorder component="section" aria-labelledby="h-entradas">
        <Title order={2} size="h4" id="h-entradas" mb="sm">
          Evolución
        </Title>
        <Stack gap="xs">
          {datos.Entradas.map((e) => (
            <Text key={e.Id}>
              <strong>{fechaEs(e.Fecha)}</strong> {e.Dentista ? `(${e.Dentista}) ` : ''}
              {e.Texto}
            </Text>
          ))}
          {!datos.Entradas.length && <Text c="dimmed">Sin anotaciones.</Text>}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Fecha de la anotación"
              type="date"
              value={entrada.Fecha}
              onChange={(e) => setEntrada({ ...entrada, Fecha: e.currentTarget.value })}
              error={errores.Fecha}
            />
            <Textarea
              label="Anotación"
              autosize
              value={entrada.Texto}
              onChange={(e) => setEntrada({ ...entrada, Texto: e.currentTarget.value })}
              error={errores.Texto}
              style={{ gridColumn: 'span 2' }}
            />
          </SimpleGrid>
          <Group>
            <Button
              variant="light"
              onClick={async () => {
                if (await intentar(() => api.post(`${BASE}/historia/${id}/entradas`, entrada), 'Anotación añadida'))
                  setEntrada({ ...entrada, Texto: '' });
              }}
            >
              Añadir anotación
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder component="section" aria-labelledby="h-cons">
        <Title order={2} size="h4" id="h-cons" mb="sm">
          Consentimientos firmados
        </Title>
        <Stack gap="xs">
          {datos.Consentimientos.map((c) => (
            <Group key={c.Id} gap="xs">
              <Badge variant="light">{tipo(c.Tipo)}</Badge>
              <Text>{fechaEs(c.Fecha)}</Text>
              {c.IdFichero && (
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={async () => {
                    const blob = await api.download(`odontologia/consentimientos/${c.Id}/fichero`);
                    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
                  }}
                >
                  Ver documento {c.Fichero ?? ''}
                </Button>
              )}
              {c.Observaciones && (
                <Text c="dimmed" size="sm">
                  {c.Observaciones}
                </Text>
              )}
            </Group>
          ))}
          {!datos.Consentimientos.length && <Text c="dimmed">Sin consentimientos.</Text>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Tipo de consentimiento"
              value={cons.Tipo}
              onChange={(e) => setCons({ ...cons, Tipo: e.currentTarget.value })}
              data={TIPOS_CONSENTIMIENTO.map((t) => ({ value: t.value, label: t.label }))}
            />
            <TextInput
              label="Fecha de la firma"
              type="date"
              value={cons.Fecha}
              onChange={(e) => setCons({ ...cons, Fecha: e.currentTarget.value })}
              error={errores.Fecha}
            />
            <FileInput
              label="Documento firmado"
              description="JPG, PNG o PDF de hasta 10 MB"
              accept="image/jpeg,image/png,application/pdf"
              value={fichero}
              onChange={setFichero}
              clearable
            />
            <TextInput
              label="Observaciones"
              value={cons.Observaciones}
              onChange={(e) => setCons({ ...cons, Observaciones: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Group>
            <Button
              variant="light"
              onClick={() =>
                intentar(async () => {
                  // The signed document goes to the document manager (type by content, size), then the consent links it.
                  const subido = fichero
                    ? await api.upload<{ Id: number }>('configuracion/gestordoc/subir', fichero)
                    : null;
                  await api.post(`${BASE}/consentimientos/${id}`, { ...cons, IdFichero: subido?.Id ?? null });
                  setFichero(null);
                }, 'Consentimiento registrado')
              }
            >
              Registrar consentimiento
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

const ESTADO_PLAN = { pendiente: 'Pendiente de aceptar', aceptado: 'Aceptado', terminado: 'Terminado' } as const;

function ListaPlanes({ idCliente }: { idCliente?: number }) {
  const lista = useOdon<{ Items: Plan[] }>('planes/list', idCliente ? { IdCliente: idCliente } : {});
  return (
    <Stack>
      {!idCliente && (
        <Group justify="space-between">
          <Title order={1} size="h2">
            Planes de tratamiento
          </Title>
          <Button component={Link} to="/planestrat/nuevo">
            Nuevo plan
          </Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={360}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Paciente</Table.Th>
              <Table.Th>Presupuesto</Table.Th>
              <Table.Th>Total</Table.Th>
              <Table.Th>Aceptado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(lista.data?.Items ?? []).map((p) => (
              <Table.Tr key={p.Id}>
                <Table.Td>
                  <Anchor component={Link} to={`/planestrat/editar/${p.Id}`}>
                    {fechaEs(p.Fecha)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.Paciente}</Table.Td>
                <Table.Td>{p.Presupuesto ?? 'Borrador'}</Table.Td>
                <TdImporte value={p.Total} />
                <Table.Td>{p.FechaAceptacion ? fechaEs(p.FechaAceptacion) : 'No'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lista.data && !lista.data.Items.length && <Text c="dimmed">No hay planes.</Text>}
    </Stack>
  );
}

function PlanDetalle({ id }: { id: number }) {
  const refrescar = useRefrescar();
  const plan = useOdon<Plan>(`planes/edit/${id}`);
  const [fecha, setFecha] = useState(hoyIso());
  if (!plan.data) return <Text>Cargando datos...</Text>;
  const p = plan.data;
  const hacer = async (f: () => Promise<unknown>, ok: string) => {
    await f();
    notifySuccess(ok);
    await refrescar();
  };
  return (
    <Stack>
      <Title order={1} size="h2">
        Plan de {p.Paciente} ({fechaEs(p.Fecha)})
      </Title>
      <Group>
        <Badge variant="light" color={p.Estado === 'pendiente' ? 'orange' : 'green'}>
          {ESTADO_PLAN[p.Estado ?? 'pendiente']}
        </Badge>
        <Text>Total {formatAmount(p.Total)}</Text>
        <Anchor component={Link} to={`/pventa/editar/${p.IdPresupuesto}`}>
          Ver presupuesto {p.Presupuesto ?? ''}
        </Anchor>
      </Group>
      {!p.FechaAceptacion && (
        <Group align="end">
          <TextInput
            label="Fecha de aceptación"
            type="date"
            value={fecha}
            onChange={(e) => setFecha(e.currentTarget.value)}
          />
          <BotonProtegido
            permiso="VentasPresup"
            onClick={() =>
              hacer(() => api.post(`${BASE}/planes/aceptar/${id}`, { Fecha: fecha }), 'Plan aceptado por el paciente')
            }
          >
            Aceptado por el paciente
          </BotonProtegido>
        </Group>
      )}
      <Table.ScrollContainer minWidth={360}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tratamiento</Table.Th>
              <Table.Th>Pieza</Table.Th>
              <Table.Th>Importe</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(p.Tratamientos ?? []).map((m) => (
              <Table.Tr key={m.Id}>
                <Table.Td>{m.Descripcion}</Table.Td>
                <Table.Td>{m.Pieza ? `${m.Pieza} ${m.Caras}` : '—'}</Table.Td>
                <TdImporte value={m.Precio} />
                <Table.Td>{m.Estado === 'realizado' ? `Realizado ${fechaEs(m.Fecha)}` : 'Planificado'}</Table.Td>
                <Table.Td>
                  {m.Estado === 'planificado' && p.FechaAceptacion && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() =>
                        hacer(
                          () => api.put(`${BASE}/odontograma/marca/${m.Id}`, { Estado: 'realizado', Fecha: hoyIso() }),
                          'Tratamiento realizado',
                        )
                      }
                    >
                      Marcar realizado
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

interface LineaPlan {
  clave: number;
  IdProducto: string;
  Pieza: string;
  Caras: string;
}
function NuevoPlan() {
  const navigate = useNavigate();
  const catalogo = useOdon<{ Items: Tratamiento[] }>('tratamientos/list');
  const [buscar, setBuscar] = useState('');
  const pacientes = useOdon<{ Items: Paciente[] }>('pacientes/list', { Buscar: buscar });
  const [idCliente, setIdCliente] = useState('');
  const [fecha, setFecha] = useState(hoyIso());
  const [lineas, setLineas] = useState<LineaPlan[]>([{ clave: 0, IdProducto: '', Pieza: '', Caras: '' }]);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const cambiar = (i: number, k: keyof LineaPlan, v: string) =>
    setLineas(lineas.map((l, j) => (j === i ? { ...l, [k]: v } : l)));
  const guardar = async () => {
    setErrores({});
    try {
      const r = await api.post<Plan>(`${BASE}/planes/save`, {
        IdCliente: Number(idCliente) || null,
        Fecha: fecha,
        Lineas: lineas.map((l) => ({
          IdProducto: Number(l.IdProducto) || null,
          Pieza: l.Pieza ? Number(l.Pieza) : null,
          Caras: l.Caras.toUpperCase() || null,
        })),
      });
      notifySuccess('Plan de tratamiento creado');
      navigate(`/planestrat/editar/${r.Id}`);
    } catch (e) {
      setErrores(erroresDe(e));
    }
  };
  return (
    <Stack>
      <Title order={1} size="h2">
        Nuevo plan de tratamiento
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Buscar paciente" value={buscar} onChange={(e) => setBuscar(e.currentTarget.value)} />
        <NativeSelect
          label="Paciente"
          required
          value={idCliente}
          onChange={(e) => setIdCliente(e.currentTarget.value)}
          data={[
            { value: '', label: 'Elige un paciente' },
            ...(pacientes.data?.Items ?? []).map((p) => ({ value: String(p.Id), label: p.Nombre })),
          ]}
          error={errores.IdCliente}
        />
        <TextInput
          label="Fecha"
          type="date"
          value={fecha}
          onChange={(e) => setFecha(e.currentTarget.value)}
          error={errores.Fecha}
        />
      </SimpleGrid>
      {lineas.map((l, i) => (
        <SimpleGrid
          key={l.clave}
          cols={{ base: 1, sm: 3 }}
          aria-label={`Tratamiento ${i + 1}`}
          component="fieldset"
          style={{ border: 0, padding: 0 }}
        >
          <NativeSelect
            label={`Tratamiento ${i + 1}`}
            value={l.IdProducto}
            onChange={(e) => cambiar(i, 'IdProducto', e.currentTarget.value)}
            data={[
              { value: '', label: 'Elige un tratamiento' },
              ...(catalogo.data?.Items ?? [])
                .filter((t) => !t.Baja)
                .map((t) => ({ value: String(t.Id), label: `${t.Descripcion} (${formatAmount(t.PrecioVenta)})` })),
            ]}
            error={errores[`Lineas[${i}].IdProducto`] ?? errores[`Lineas.${i}.IdProducto`]}
          />
          <TextInput
            label={`Pieza ${i + 1}`}
            description="FDI: 11–48 o 51–85"
            value={l.Pieza}
            onChange={(e) => cambiar(i, 'Pieza', e.currentTarget.value)}
            error={errores[`Lineas.${i}.Pieza`]}
          />
          <TextInput
            label={`Caras ${i + 1}`}
            description="M, D, O, V, L"
            value={l.Caras}
            onChange={(e) => cambiar(i, 'Caras', e.currentTarget.value)}
            error={errores[`Lineas.${i}.Caras`]}
          />
        </SimpleGrid>
      ))}
      <Group>
        <Button
          variant="light"
          onClick={() =>
            setLineas([
              ...lineas,
              { clave: lineas.length ? lineas[lineas.length - 1]!.clave + 1 : 0, IdProducto: '', Pieza: '', Caras: '' },
            ])
          }
        >
          Añadir tratamiento
        </Button>
        <BotonProtegido permiso="VentasPresup" accion="crear" onClick={guardar}>
          Crear plan y presupuesto
        </BotonProtegido>
      </Group>
    </Stack>
  );
}

/** A day of the agenda: appointments per dentist and chair, the booking form (clashes shown on their field). */
function Citas() {
  const refrescar = useRefrescar();
  const [params, setParams] = useSearchParams();
  const dia = params.get('dia') ?? hoyIso();
  const recursos = useOdon<Recursos>('citas/recursos');
  const citas = useOdon<{ Items: Cita[] }>('citas/list', { Desde: dia });
  const [buscar, setBuscar] = useState('');
  const pacientes = useOdon<{ Items: Paciente[] }>('pacientes/list', { Buscar: buscar });
  const vacia = {
    IdCliente: '',
    IdDentista: '',
    IdSillon: '',
    Hora: '09:00',
    Minutos: 30 as number | string,
    Motivo: '',
  };
  const [f, setF] = useState(vacia);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const reservar = async () => {
    setErrores({});
    try {
      await api.post(`${BASE}/citas/save`, {
        ...f,
        IdCliente: Number(f.IdCliente) || null,
        IdDentista: Number(f.IdDentista) || null,
        IdSillon: Number(f.IdSillon) || null,
        Fecha: dia,
      });
      notifySuccess('Cita reservada');
      setF(vacia);
      await refrescar();
    } catch (e) {
      setErrores(erroresDe(e));
    }
  };
  const anular = async (c: Cita) => {
    await api.put(`${BASE}/citas/save/${c.Id}`, { ...c, Estado: 'anulada' });
    notifySuccess('Cita anulada');
    await refrescar();
  };
  const opciones = (xs: { Id: number; Nombre: string }[] | undefined, vacio: string) => [
    { value: '', label: vacio },
    ...(xs ?? []).map((x) => ({ value: String(x.Id), label: x.Nombre })),
  ];
  return (
    <Stack>
      <Title order={1} size="h2">
        Citas
      </Title>
      <TextInput
        label="Día"
        type="date"
        value={dia}
        onChange={(e) => e.currentTarget.value && setParams({ dia: e.currentTarget.value })}
        w={200}
      />
      {(recursos.data?.Dentistas ?? []).map((d) => {
        const suyas = (citas.data?.Items ?? []).filter((c) => c.IdDentista === d.Id);
        return (
          <Card key={d.Id} withBorder component="section" aria-label={`Citas de ${d.Nombre}`}>
            <Title order={2} size="h4" mb="xs">
              {d.Nombre}
            </Title>
            {suyas.length ? (
              <Stack gap={4}>
                {suyas.map((c) => (
                  <Group key={c.Id} gap="xs" wrap="wrap">
                    <Text fw={600}>
                      {c.Hora} ({c.Minutos} min)
                    </Text>
                    <Text>{c.Paciente}</Text>
                    <Badge variant="light">{c.Sillon}</Badge>
                    {c.Motivo && <Text c="dimmed">{c.Motivo}</Text>}
                    {c.Estado === 'anulada' ? (
                      <Badge color="red" variant="light">
                        Anulada
                      </Badge>
                    ) : (
                      <BotonProtegido
                        permiso="CursoHorario"
                        ocultar
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => anular(c)}
                      >
                        Anular cita de {c.Hora}
                      </BotonProtegido>
                    )}
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text c="dimmed">Sin citas este día.</Text>
            )}
          </Card>
        );
      })}
      <Card withBorder component="section" aria-labelledby="nueva-cita">
        <Title order={2} size="h4" id="nueva-cita" mb="sm">
          Nueva cita el {fechaEs(dia)}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Buscar paciente" value={buscar} onChange={(e) => setBuscar(e.currentTarget.value)} />
          <NativeSelect
            label="Paciente"
            value={f.IdCliente}
            onChange={(e) => setF({ ...f, IdCliente: e.currentTarget.value })}
            data={opciones(pacientes.data?.Items, 'Elige un paciente')}
            error={errores.IdCliente}
          />
          <NativeSelect
            label="Dentista"
            value={f.IdDentista}
            onChange={(e) => setF({ ...f, IdDentista: e.currentTarget.value })}
            data={opciones(recursos.data?.Dentistas, 'Elige un dentista')}
            error={errores.IdDentista}
          />
          <NativeSelect
            label="Sillón"
            value={f.IdSillon}
            onChange={(e) => setF({ ...f, IdSillon: e.currentTarget.value })}
            data={opciones(recursos.data?.Sillones, 'Elige un sillón')}
            error={errores.IdSillon}
          />
          <TextInput
            label="Hora"
            type="time"
            value={f.Hora}
            onChange={(e) => setF({ ...f, Hora: e.currentTarget.value })}
            error={errores.Hora}
          />
          <NumberInput
            label="Minutos"
            min={5}
            max={480}
            step={15}
            value={f.Minutos}
            onChange={(v) => setF({ ...f, Minutos: v })}
            error={errores.Minutos}
          />
          <TextInput label="Motivo" value={f.Motivo} onChange={(e) => setF({ ...f, Motivo: e.currentTarget.value })} />
        </SimpleGrid>
        <Group mt="sm">
          <BotonProtegido permiso="CursoHorario" accion="crear" onClick={reservar}>
            Reservar cita
          </BotonProtegido>
        </Group>
      </Card>
    </Stack>
  );
}

/** The treatments catalogue: service products, exempt E1 (health care) unless marked aesthetic (21 %). */
function Tratamientos() {
  const refrescar = useRefrescar();
  const lista = useOdon<{ Items: Tratamiento[] }>('tratamientos/list');
  const [f, setF] = useState({ Descripcion: '', PrecioVenta: 0 as number | string, Estetico: false });
  const [errores, setErrores] = useState<Record<string, string>>({});
  const crear = async () => {
    setErrores({});
    try {
      await api.post(`${BASE}/tratamientos/save`, f);
      notifySuccess('Tratamiento añadido al catálogo');
      setF({ Descripcion: '', PrecioVenta: 0, Estetico: false });
      await refrescar();
    } catch (e) {
      setErrores(erroresDe(e));
    }
  };
  return (
    <Stack>
      <Title order={1} size="h2">
        Tratamientos
      </Title>
      <Text c="dimmed">
        Los tratamientos sanitarios están exentos de IVA (art. 20.1.3º LIVA, causa E1); los estéticos tributan al 21 %.
        Se editan también como productos del catálogo.
      </Text>
      <Table.ScrollContainer minWidth={360}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Código</Table.Th>
              <Table.Th>Tratamiento</Table.Th>
              <Table.Th>Precio</Table.Th>
              <Table.Th>IVA</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(lista.data?.Items ?? []).map((t) => (
              <Table.Tr key={t.Id}>
                <Table.Td>
                  <Anchor component={Link} to={`/productos/editar/${t.Id}`}>
                    {t.Codigo}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t.Descripcion}</Table.Td>
                <TdImporte value={t.PrecioVenta} />
                <Table.Td>{t.Exencion ? `Exento (${t.Exencion})` : `${Number(t.PorcentajeIva ?? 0)} %`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Card withBorder component="section" aria-labelledby="nuevo-trat">
        <Title order={2} size="h4" id="nuevo-trat" mb="sm">
          Nuevo tratamiento
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Descripción"
            required
            value={f.Descripcion}
            onChange={(e) => setF({ ...f, Descripcion: e.currentTarget.value })}
            error={errores.Descripcion}
          />
          <NumberInput
            label="Precio"
            min={0}
            decimalScale={2}
            value={f.PrecioVenta}
            onChange={(v) => setF({ ...f, PrecioVenta: v })}
            error={errores.PrecioVenta}
          />
          <Checkbox
            label="Estético (IVA 21 %)"
            checked={f.Estetico}
            onChange={(e) => setF({ ...f, Estetico: e.currentTarget.checked })}
            mt="lg"
          />
        </SimpleGrid>
        <Group mt="sm">
          <BotonProtegido permiso="CataProdServ" accion="crear" onClick={crear}>
            Añadir tratamiento
          </BotonProtegido>
        </Group>
      </Card>
    </Stack>
  );
}
