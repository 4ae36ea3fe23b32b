import { formatDateTime } from '@faro/domain';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { CorreccionModal } from '../personal/CorreccionModal.tsx';
import { MesFichajes, TablaCorrecciones } from '../personal/MesFichajes.tsx';
import { type Correccion, guardarFichero, type MesFichajesData, mesActual } from '../personal/personalApi.ts';
import { AccionesCorreccion } from '../personal/TablaTarjeta.tsx';

/**
 * The worker's month (usuario/fichajes?vista=mes): days against the plan, the monthly sheet (PDF) accepted on
 * screen, corrections proposed with a reason and the manager's proposals to approve or refuse.
 */
export function MiMesFichajes() {
  const { info } = useReady();
  const queryClient = useQueryClient();
  const [mes, setMes] = useState(mesActual());
  const [proponer, setProponer] = useState(false);
  const base = ['empresa', info.IdEmpresa, 'fichajes'];
  const data = useQuery({
    queryKey: [...base, 'mes', mes],
    queryFn: () => api.get<MesFichajesData>('rrhh/fichajesusu/mes', { params: { Mes: mes } }),
  });
  const correcciones = useQuery({
    queryKey: [...base, 'correcciones'],
    queryFn: () => api.get<{ Items: Correccion[] }>('rrhh/fichajesusu/correcciones'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: base });
  const aceptar = async () => {
    try {
      await api.post('rrhh/fichajesusu/aceptar', { Mes: mes });
      notifySuccess('Has aceptado la hoja de registro del mes');
      await refresh();
    } catch {
      // the toast said why
    }
  };
  const resolver = async (c: Correccion, accion: 'aprobar' | 'rechazar') => {
    try {
      await api.post(`rrhh/fichajesusu/correccion/${accion}/${c.Id}`, {});
      notifySuccess(accion === 'aprobar' ? 'Corrección aprobada' : 'Corrección rechazada');
      await refresh();
    } catch {
      // the toast said why
    }
  };
  const aceptada = data.data?.Aceptacion;
  const items = correcciones.data?.Items ?? [];
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Mes"
          type="month"
          value={mes}
          onChange={(e) => e.currentTarget.value && setMes(e.currentTarget.value)}
          w={180}
        />
        <Button
          variant="light"
          onClick={async () =>
            guardarFichero(
              await api.download('rrhh/fichajesusu/hoja', { Mes: mes, Formato: 'pdf' }),
              `jornada-${mes}.pdf`,
            )
          }
        >
          Hoja mensual (PDF)
        </Button>
        <Button variant="default" onClick={() => setProponer(true)}>
          Proponer corrección
        </Button>
        {!aceptada && data.data && <Button onClick={aceptar}>Aceptar la hoja del mes</Button>}
      </Group>
      {aceptada && (
        <Alert color="green" title="Hoja aceptada">
          Aceptaste la hoja de este mes el {formatDateTime(aceptada.AceptadaEn)}.
        </Alert>
      )}
      {items.length > 0 && (
        <>
          <Title order={2} fz="h4">
            Mis correcciones
          </Title>
          <Text size="sm" c="dimmed">
            Una corrección no cambia el fichaje original: se añade cuando la otra parte la aprueba.
          </Text>
          <TablaCorrecciones
            items={items}
            acciones={(c) =>
              c.Situacion === 'pendiente' && (
                <AccionesCorreccion
                  turno={c.PropuestaPor === 'r'}
                  espera="Espera al responsable"
                  onResolver={(accion) => resolver(c, accion)}
                />
              )
            }
          />
        </>
      )}
      {data.data && <MesFichajes data={{ ...data.data, Correcciones: [] }} />}
      {proponer && (
        <CorreccionModal
          onClose={() => setProponer(false)}
          onSubmit={async (p) => {
            try {
              await api.post('rrhh/fichajesusu/correccion', p);
              notifySuccess('Corrección propuesta: tu responsable debe aprobarla');
              await refresh();
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
