import { ESTADO_FICHAJE_LABELS, PAUSE_REASONS } from '@faro/domain';
import { Autocomplete, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { textoDe } from '../../ui/form/erroresCampo.ts';

export interface PropuestaCorreccion {
  IdFichaje?: number | null;
  Estado: 'e' | 's' | 'p' | 'r';
  Fecha: string;
  MotivoPausa?: string | null;
  Motivo: string;
}

const ESTADOS = (['e', 's', 'p', 'r'] as const).map((value) => ({ value, label: ESTADO_FICHAJE_LABELS[value] }));

/** A local 'yyyy-mm-ddThh:mm' of now, for the datetime-local input. */
const ahoraLocal = () => {
  const d = new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
};

/**
 * Proposes a correction (a missing entry or a wrong time) with a reason. Nothing changes until the other side
 * approves it; the original stays visible.
 */
export function CorreccionModal({
  onClose,
  onSubmit,
  titulo = 'Proponer una corrección',
}: {
  onClose: () => void;
  onSubmit: (p: PropuestaCorreccion) => Promise<boolean>;
  titulo?: string;
}) {
  const [estado, setEstado] = useState<PropuestaCorreccion['Estado']>('s');
  const [fecha, setFecha] = useState(ahoraLocal());
  const [motivo, setMotivo] = useState('');
  const [motivoPausa, setMotivoPausa] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (motivo.trim().length < 3) {
      setError('Motivo debe contener mínimo 3 caracteres');
      return;
    }
    const instante = new Date(fecha);
    if (Number.isNaN(instante.getTime())) {
      setError('El formato es incorrecto');
      return;
    }
    setBusy(true);
    const ok = await onSubmit({
      Estado: estado,
      Fecha: instante.toISOString(),
      Motivo: motivo.trim(),
      MotivoPausa: estado === 'p' ? motivoPausa.trim() || null : null,
    });
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Modal opened onClose={onClose} title={titulo} centered>
      <Stack>
        <Select
          label="Registro"
          data={ESTADOS}
          value={estado}
          onChange={(v) => v && setEstado(v as PropuestaCorreccion['Estado'])}
          allowDeselect={false}
        />
        <TextInput label="Fecha y hora" type="datetime-local" {...textoDe(fecha, setFecha)} required />
        {estado === 'p' && (
          <Autocomplete
            label="Motivo de la pausa"
            data={[...PAUSE_REASONS]}
            value={motivoPausa}
            onChange={setMotivoPausa}
            required
          />
        )}
        <Textarea
          label="Motivo de la corrección"
          value={motivo}
          onChange={(e) => {
            setMotivo(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          autosize
          minRows={2}
        />
        <BotonesDialogo onCancelar={onClose} onClick={submit} loading={busy}>
          Proponer
        </BotonesDialogo>
      </Stack>
    </Modal>
  );
}
