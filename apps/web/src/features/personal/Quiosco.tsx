import { PAUSE_REASONS } from '@faro/domain';
import { Button, Card, Group, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { textoDe } from '../../ui/form/erroresCampo.ts';
import type { PersonaFichaje } from './personalApi.ts';

/** A PIN input's value and change: digits only, at most 8, typed on the numeric keypad. */
const pinDe = (pin: string, setPin: (v: string) => void) => ({
  value: pin,
  onChange: (e: ChangeEvent<HTMLInputElement>) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 8)),
  inputMode: 'numeric' as const,
});

/**
 * Kiosk mode for a shared tablet: each worker types their employee code and PIN and clocks (origin k). The PINs are
 * set here by a manager.
 */
export function Quiosco() {
  const [codigo, setCodigo] = useState('');
  const [pin, setPin] = useState('');
  const [motivo, setMotivo] = useState<string | null>(null);
  const [mensaje, setMensaje] = useState<string | null>(null);
  const fichar = async (Tipo: 'j' | 'p') => {
    try {
      const r = await api.post<{ Mensaje: string }>('rrhh/kiosco/fichar', {
        Codigo: codigo,
        Pin: pin,
        Tipo,
        MotivoPausa: Tipo === 'p' ? motivo : null,
      });
      setMensaje(`${codigo}: ${r.Mensaje}`);
      notifySuccess(r.Mensaje);
      setCodigo('');
      setPin('');
      setMotivo(null);
    } catch {
      setPin('');
    }
  };
  return (
    <Stack maw={520}>
      <Card withBorder radius="lg" padding="lg">
        <Stack>
          <Title order={2} fz="h4">
            Fichar en el quiosco
          </Title>
          <TextInput label="Código de empleado" {...textoDe(codigo, setCodigo)} autoComplete="off" size="lg" />
          <PasswordInput label="PIN" {...pinDe(pin, setPin)} autoComplete="off" size="lg" />
          <Select
            label="Motivo de la pausa (al pausar)"
            data={[...PAUSE_REASONS]}
            value={motivo}
            onChange={setMotivo}
            clearable
          />
          <Group grow>
            <Button size="lg" onClick={() => fichar('j')} disabled={!codigo || pin.length < 4}>
              Entrada / Salida
            </Button>
            <Button
              size="lg"
              variant="light"
              color="orange"
              onClick={() => fichar('p')}
              disabled={!codigo || pin.length < 4}
            >
              Pausa / Reanudar
            </Button>
          </Group>
          {mensaje && (
            <Text role="status" fw={600}>
              {mensaje}
            </Text>
          )}
        </Stack>
      </Card>
      <PinEmpleado />
    </Stack>
  );
}

function PinEmpleado() {
  const { info } = useReady();
  const personas = useQuery({
    queryKey: ['empresa', info.IdEmpresa, 'controlhorario', 'personas'],
    queryFn: () => api.get<{ Items: PersonaFichaje[] }>('rrhh/fichajes/personas'),
  });
  const [persona, setPersona] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const guardar = async () => {
    try {
      await api.put(`rrhh/fichajes/pin/${persona}`, { Pin: pin });
      notifySuccess('PIN guardado');
      setPin('');
    } catch {
      // the toast said why
    }
  };
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack>
        <Title order={2} fz="h4">
          PIN de un empleado
        </Title>
        <Select
          label="Empleado"
          data={(personas.data?.Items ?? []).map((p) => ({ value: String(p.IdPersona), label: p.Nombre }))}
          value={persona}
          onChange={setPersona}
          searchable
        />
        <PasswordInput label="Nuevo PIN (4 a 8 cifras)" {...pinDe(pin, setPin)} autoComplete="new-password" />
        <Group>
          <BotonProtegido permiso="PersEmple" onClick={guardar} disabled={!persona || pin.length < 4}>
            Guardar PIN
          </BotonProtegido>
        </Group>
      </Stack>
    </Card>
  );
}
