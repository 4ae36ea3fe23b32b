import { MSG } from '@faro/domain';
import { Autocomplete, Button, Group, Modal, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorLines } from '../../ui/form/FormField.tsx';
import { useForm } from '../../ui/form/useForm.ts';
import { PAUSE_DEBOUNCE_MS, pauseSuggestions } from './pauseSuggestions.ts';

const LABEL = 'Motivo de la pausa';
const validate = (v: { MotivoPausa: string }) => (v.MotivoPausa.trim() ? {} : { MotivoPausa: [MSG.required(LABEL)] });

/** Height of one suggestion and the dropdown's padding (Mantine's sm option, 4 px padding each side). */
const OPTION_PX = 34;
const DROPDOWN_PADDING_PX = 12;

/**
 * Pause the workday: the reason is required; suggestions Comida, Médico, Personal. The suggestions open below the
 * field inside the dialog and push the buttons down by their height instead of covering 'Pausar' (issue 11.7).
 */
export function PauseReasonModal({
  onConfirm,
  onClose,
}: {
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const form = useForm({ MotivoPausa: '' }, validate);
  const [typed] = useDebouncedValue(form.values.MotivoPausa, PAUSE_DEBOUNCE_MS);
  const suggestions = pauseSuggestions(typed);
  const [listOpen, setListOpen] = useState(false);
  const room = listOpen && suggestions.length > 0 ? suggestions.length * OPTION_PX + DROPDOWN_PADDING_PX : 0;
  return (
    <Modal opened onClose={onClose} title="Pausar la jornada" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit((v) => onConfirm(v.MotivoPausa.trim()), { force: true });
        }}
      >
        <Stack>
          <Autocomplete
            label={LABEL}
            withAsterisk
            data-autofocus
            placeholder="Comida, Médico, Personal…"
            value={form.values.MotivoPausa}
            onChange={(v) => form.set('MotivoPausa', v)}
            onBlur={() => form.touch('MotivoPausa')}
            data={suggestions}
            filter={({ options }) => options}
            error={errorLines(form.errors('MotivoPausa'))}
            onDropdownOpen={() => setListOpen(true)}
            onDropdownClose={() => setListOpen(false)}
            comboboxProps={{
              withinPortal: false,
              position: 'bottom-start',
              middlewares: { flip: false, shift: false },
            }}
          />
          {room > 0 && <div aria-hidden style={{ height: room }} data-testid="hueco-sugerencias" />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={form.submitting}>
              Pausar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
