import { formatDate, MSG } from '@faro/domain';
import { Alert, Badge, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { erroresDe, ligarTexto } from '../../ui/form/erroresCampo.ts';
import { SeccionTarjeta } from '../../ui/SeccionTarjeta.tsx';
import { TablaSimple } from '../../ui/TablaSimple.tsx';

const RUTA = 'rrhh/fichajesusu/ausencias';
const COLOR: Record<string, string> = { solicitada: 'blue', aprobada: 'green', rechazada: 'red' };

export interface Ausencia {
  Id: number;
  Situacion: string | null;
  Desde: string;
  Hasta: string | null;
  Estado: string;
  Motivo: string | null;
  Observaciones: string | null;
}
interface Respuesta {
  Items: Ausencia[];
  Situaciones: { Id: number; Descripcion: string }[];
  Vinculado: boolean;
}

const ESTADOS: Record<string, string> = { solicitada: 'Solicitada', aprobada: 'Aprobada', rechazada: 'Rechazada' };
const etiqueta = (estado: string) => ESTADOS[estado] ?? estado;

/**
 * usuario/fichajes?vista=ausencias: the worker asks for holidays or a leave (a situation of the company's catalogue
 * between two dates), sees each request's state as the manager answers it in `ausencias`, and may withdraw a
 * request not yet answered.
 */
export function MisAusencias() {
  const { info } = useReady();
  const client = useQueryClient();
  const key = ['empresa', info.IdEmpresa, 'fichajes', 'ausencias'];
  const q = useQuery({ queryKey: key, queryFn: () => api.get<Respuesta>(RUTA) });
  const [v, setV] = useState({ IdSitLaboral: '', Desde: '', Hasta: '', Motivo: '' });
  const [errores, setErrores] = useState<Record<string, string>>({});
  const texto = ligarTexto(v, setV, errores);
  const refrescar = () => client.invalidateQueries({ queryKey: key });
  const solicitar = useMutation({
    mutationFn: () =>
      api.post(RUTA, {
        IdSitLaboral: Number(v.IdSitLaboral),
        Desde: v.Desde,
        Hasta: v.Hasta || null,
        Motivo: v.Motivo || null,
      }),
    onSuccess: () => {
      notifySuccess('Solicitud enviada a tu responsable');
      setV({ IdSitLaboral: '', Desde: '', Hasta: '', Motivo: '' });
      void refrescar();
    },
    onError: (e) => setErrores(erroresDe(e)),
  });
  const retirar = useMutation({
    mutationFn: (a: Ausencia) => api.del(`${RUTA}/${a.Id}`),
    onSuccess: () => {
      notifySuccess('Solicitud retirada');
      void refrescar();
    },
  });
  const enviar = () => {
    const e: Record<string, string> = {};
    if (!v.IdSitLaboral) e.IdSitLaboral = MSG.required('Tipo de ausencia');
    if (!v.Desde) e.Desde = MSG.required('Desde');
    if (v.Hasta && v.Desde && v.Hasta < v.Desde) e.Hasta = 'La fecha final no puede ser anterior a la inicial';
    setErrores(e);
    if (!Object.keys(e).length) solicitar.mutate();
  };
  const d = q.data;
  if (d && !d.Vinculado)
    return (
      <Alert color="yellow" title="Sin ficha de empleado">
        Tu usuario no está vinculado a una ficha de empleado: pídeselo a tu responsable para solicitar ausencias.
      </Alert>
    );
  return (
    <Stack>
      <SeccionTarjeta id="nueva-ausencia" titulo="Solicitar vacaciones o una ausencia" mb="xs">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            enviar();
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
            <Select
              label="Tipo de ausencia"
              required
              value={v.IdSitLaboral || null}
              onChange={(x) => setV({ ...v, IdSitLaboral: x ?? '' })}
              data={(d?.Situaciones ?? []).map((s) => ({ value: String(s.Id), label: s.Descripcion }))}
              error={errores.IdSitLaboral}
            />
            <TextInput label="Desde" type="date" required {...texto('Desde')} />
            <TextInput label="Hasta" type="date" {...texto('Hasta')} />
            <TextInput label="Motivo" maxLength={200} {...texto('Motivo')} />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={solicitar.isPending}>
              Solicitar
            </Button>
          </Group>
        </form>
      </SeccionTarjeta>
      <Title order={2} size="h4">
        Mis solicitudes y ausencias
      </Title>
      {d && d.Items.length === 0 && <Text c="dimmed">No tienes ausencias ni solicitudes.</Text>}
      {d && d.Items.length > 0 && (
        <TablaSimple minWidth={480} columnas={['Tipo', 'Desde', 'Hasta', 'Estado', 'Motivo', 'Acciones']}>
          {d.Items.map((a) => (
            <Table.Tr key={a.Id}>
              <Table.Td>{a.Situacion ?? ''}</Table.Td>
              <Table.Td>{formatDate(a.Desde)}</Table.Td>
              <Table.Td>{a.Hasta ? formatDate(a.Hasta) : ''}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={COLOR[a.Estado] ?? 'gray'}>
                  {etiqueta(a.Estado)}
                </Badge>
              </Table.Td>
              <Table.Td>{[a.Motivo, a.Observaciones].filter(Boolean).join(' · ')}</Table.Td>
              <Table.Td>
                {a.Estado === 'solicitada' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Retirar la solicitud del ${formatDate(a.Desde)}`}
                    onClick={() => retirar.mutate(a)}
                  >
                    Retirar
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </TablaSimple>
      )}
    </Stack>
  );
}
