import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { claveFormacion, hoyIso, useFormacion } from '../formacion/formacionApi.ts';
import { type Calendario, type ClasePractica, lunesDe, masDias } from './autoescuelaApi.ts';
import { ListaClases } from './ListaClases.tsx';

/** The instructor's own classes this week and the next (phone first): confirm, done, no-show. */
export function MiAgenda() {
  const { info } = useReady();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const dia = params.get('dia') ?? hoyIso();
  const lunes = lunesDe(dia);
  const q = useFormacion<Calendario>('formacion/clases/calendario', { desde: lunes, hasta: masDias(lunes, 13) });
  const [ocupada, setOcupada] = useState<number | null>(null);
  const cambiar = async (c: ClasePractica, Estado: string, ok: string) => {
    setOcupada(c.Id);
    try {
      await api.post(`formacion/clases/estado/${c.Id}`, { Estado });
      notifySuccess(ok);
      await qc.invalidateQueries({ queryKey: claveFormacion(info.IdEmpresa) });
    } finally {
      setOcupada(null);
    }
  };
  return (
    <Stack maw={720}>
      <Title order={2}>Mis clases prácticas</Title>
      <Group align="end">
        <TextInput
          type="date"
          label="Semana del día"
          value={dia}
          onChange={(e) => e.currentTarget.value && setParams({ dia: e.currentTarget.value }, { replace: true })}
        />
        <Button variant="default" onClick={() => setParams({ dia: masDias(dia, -7) }, { replace: true })}>
          Anterior
        </Button>
        <Button variant="default" onClick={() => setParams({ dia: masDias(dia, 7) }, { replace: true })}>
          Siguiente
        </Button>
      </Group>
      {q.data && (
        <ListaClases
          clases={q.data.Clases}
          acciones={(c) =>
            c.Estado === 'reservada' || c.Estado === 'confirmada' ? (
              <>
                {c.Estado === 'reservada' && (
                  <Button
                    size="xs"
                    loading={ocupada === c.Id}
                    onClick={() => cambiar(c, 'confirmada', 'Clase confirmada')}
                  >
                    Confirmar
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  disabled={ocupada === c.Id}
                  onClick={() => cambiar(c, 'realizada', 'Clase realizada')}
                >
                  Realizada
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={ocupada === c.Id}
                  onClick={() => cambiar(c, 'nopresentado', 'Clase marcada como no presentado')}
                >
                  No presentado
                </Button>
              </>
            ) : null
          }
        />
      )}
    </Stack>
  );
}
