import type { RouteDef } from '@faro/domain';
import { Anchor, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { textoDe } from '../../ui/form/erroresCampo.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { Citas } from './CitasScreen.tsx';
import { FichaPaciente } from './FichaPaciente.tsx';
import { Odontograma } from './Odontograma.tsx';
import { type Paciente, useOdon } from './odontologiaApi.ts';
import { ListaPlanes, NuevoPlan, PlanDetalle } from './PlanesScreens.tsx';
import { Tratamientos } from './Tratamientos.tsx';

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
      <TextInput label="Buscar paciente" description="Nombre, NIF o teléfono" {...textoDe(texto, setTexto)} />
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
