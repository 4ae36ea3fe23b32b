import { Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { type ClockRecord, formatWorked, workedTodayMs } from './workedToday.ts';

/** 'Terminar' asks first: the hours worked today, then the exit. */
export function EndWorkdayModal({ onConfirm, onClose }: { onConfirm: () => Promise<void>; onClose: () => void }) {
  const { info } = useReady();
  const [busy, setBusy] = useState(false);
  // Today's records: the newest 200 cover any day.
  const today = useQuery({
    queryKey: [...qk.fichajes(info.IdEmpresa, 0), 'hoy'],
    queryFn: () =>
      api.get<ListAnswer<ClockRecord>>('rrhh/fichajesusu/list', {
        params: { Pagina: 1, TotalPagina: 200 },
        background: true,
      }),
    staleTime: 0,
  });
  const worked = today.data ? formatWorked(workedTodayMs(today.data.Items, new Date())) : null;
  return (
    <Modal opened onClose={onClose} title="Terminar la jornada" centered>
      <Stack>
        <Text data-testid="horas-hoy">
          {worked === null ? (
            <Loader size="xs" />
          ) : (
            <>
              Hoy has trabajado <b>{worked}</b>.
            </>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          Al terminar se registra la salida y no podrás pausar ni reanudar hasta volver a fichar.
        </Text>
        <BotonesDialogo
          onCancelar={onClose}
          color="red"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
            }
          }}
        >
          Terminar la jornada
        </BotonesDialogo>
      </Stack>
    </Modal>
  );
}
