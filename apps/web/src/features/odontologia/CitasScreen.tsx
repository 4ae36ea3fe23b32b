import {
  Badge,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { ligarNumero, ligarTexto, opcionesNombre, useErroresCampo } from '../../ui/form/erroresCampo.ts';
import { SeccionTarjeta } from '../../ui/SeccionTarjeta.tsx';
import { fechaEs, hoyIso } from '../formacion/formacionApi.ts';
import { BASE, type Cita, type Paciente, type Recursos, useOdon, useRefrescar } from './odontologiaApi.ts';

/** A day of the agenda: appointments per dentist and chair, the booking form (clashes shown on their field). */
export function Citas() {
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
  const { errores, intentar } = useErroresCampo();
  const texto = ligarTexto(f, setF, errores);
  const reservar = () =>
    intentar(async () => {
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
    });
  const anular = async (c: Cita) => {
    await api.put(`${BASE}/citas/save/${c.Id}`, { ...c, Estado: 'anulada' });
    notifySuccess('Cita anulada');
    await refrescar();
  };
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
      <SeccionTarjeta id="nueva-cita" titulo={`Nueva cita el ${fechaEs(dia)}`}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Buscar paciente" value={buscar} onChange={(e) => setBuscar(e.currentTarget.value)} />
          <NativeSelect
            label="Paciente"
            {...texto('IdCliente')}
            data={opcionesNombre(pacientes.data?.Items, 'Elige un paciente')}
          />
          <NativeSelect
            label="Dentista"
            {...texto('IdDentista')}
            data={opcionesNombre(recursos.data?.Dentistas, 'Elige un dentista')}
          />
          <NativeSelect
            label="Sillón"
            {...texto('IdSillon')}
            data={opcionesNombre(recursos.data?.Sillones, 'Elige un sillón')}
          />
          <TextInput label="Hora" type="time" {...texto('Hora')} />
          <NumberInput label="Minutos" min={5} max={480} step={15} {...ligarNumero(f, setF, errores)('Minutos')} />
          <TextInput label="Motivo" {...texto('Motivo')} />
        </SimpleGrid>
        <Group mt="sm">
          <BotonProtegido permiso="CursoHorario" accion="crear" onClick={reservar}>
            Reservar cita
          </BotonProtegido>
        </Group>
      </SeccionTarjeta>
    </Stack>
  );
}
