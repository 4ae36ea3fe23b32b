import { MSG } from '@faro/domain';
import { Autocomplete, Button, Group, Modal, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { errorLines } from '../../ui/form/FormField.tsx';
import { useForm } from '../../ui/form/useForm.ts';
import { PAUSE_DEBOUNCE_MS, pauseSuggestions } from './pauseSuggestions.ts';

const LABEL = 'Motivo de la pausa';
const validate = (v: { MotivoPausa: string }) => (v.MotivoPausa.trim() ? {} : { MotivoPausa: [MSG.required(LABEL)] });

/** Pause the workday: the reason is required; suggestions Comida, Médico, Personal. */
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
            comboboxProps={{ withinPortal: false }}
          />
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
