import { formatAmount } from '@faro/domain';
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ChangeEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { TdImporte } from '../../ui/fields/Importe.tsx';
import { opcionesNombre, textoDe, useErroresCampo } from '../../ui/form/erroresCampo.ts';
import { TablaSimple } from '../../ui/TablaSimple.tsx';
import { fechaEs, hoyIso } from '../formacion/formacionApi.ts';
import { BASE, type Paciente, type Plan, type Tratamiento, useOdon, useRefrescar } from './odontologiaApi.ts';

/** Treatment plans: the list (all, or one patient's in the file), a plan's detail (accept, carry out), a new plan. */
const ESTADO_PLAN = { pendiente: 'Pendiente de aceptar', aceptado: 'Aceptado', terminado: 'Terminado' } as const;

export function ListaPlanes({ idCliente }: { idCliente?: number }) {
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
      <TablaSimple columnas={['Fecha', 'Paciente', 'Presupuesto', 'Total', 'Aceptado']}>
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
      </TablaSimple>
      {lista.data && !lista.data.Items.length && <Text c="dimmed">No hay planes.</Text>}
    </Stack>
  );
}

export function PlanDetalle({ id }: { id: number }) {
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
          <TextInput label="Fecha de aceptación" type="date" {...textoDe(fecha, setFecha)} />
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
      <TablaSimple columnas={['Tratamiento', 'Pieza', 'Importe', 'Estado', 'Acciones']}>
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
      </TablaSimple>
    </Stack>
  );
}

interface LineaPlan {
  clave: number;
  IdProducto: string;
  Pieza: string;
  Caras: string;
}
export function NuevoPlan() {
  const navigate = useNavigate();
  const catalogo = useOdon<{ Items: Tratamiento[] }>('tratamientos/list');
  const [buscar, setBuscar] = useState('');
  const pacientes = useOdon<{ Items: Paciente[] }>('pacientes/list', { Buscar: buscar });
  const [idCliente, setIdCliente] = useState('');
  const [fecha, setFecha] = useState(hoyIso());
  const [lineas, setLineas] = useState<LineaPlan[]>([{ clave: 0, IdProducto: '', Pieza: '', Caras: '' }]);
  const { errores, intentar } = useErroresCampo();
  const cambiar = (i: number, k: keyof LineaPlan, v: string) =>
    setLineas(lineas.map((l, j) => (j === i ? { ...l, [k]: v } : l)));
  // A text of line i: its value, change and the error the server gave it (`Lineas.i.Campo`).
  const texto = (i: number, k: 'Pieza' | 'Caras') => ({
    value: lineas[i]?.[k] ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement>) => cambiar(i, k, e.currentTarget.value),
    error: errores[`Lineas.${i}.${k}`],
  });
  const guardar = () =>
    intentar(async () => {
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
    });
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
          {...textoDe(idCliente, setIdCliente)}
          data={opcionesNombre(pacientes.data?.Items, 'Elige un paciente')}
          error={errores.IdCliente}
        />
        <TextInput label="Fecha" type="date" {...textoDe(fecha, setFecha, errores.Fecha)} />
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
          <TextInput label={`Pieza ${i + 1}`} description="FDI: 11–48 o 51–85" {...texto(i, 'Pieza')} />
          <TextInput label={`Caras ${i + 1}`} description="M, D, O, V, L" {...texto(i, 'Caras')} />
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
