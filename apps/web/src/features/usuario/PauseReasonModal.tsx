import { MSG, PAUSE_REASONS } from '@faro/domain';
import { Autocomplete, Box, Modal, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { errorLines } from '../../ui/form/FormField.tsx';
import { useForm } from '../../ui/form/useForm.ts';
import { PAUSE_DEBOUNCE_MS, PAUSE_MAX_SUGGESTIONS, pauseSuggestions } from './pauseSuggestions.ts';

const LABEL = 'Motivo de la pausa';
const validate = (v: { MotivoPausa: string }) => (v.MotivoPausa.trim() ? {} : { MotivoPausa: [MSG.required(LABEL)] });

/** Height of one suggestion and the dropdown's padding (Mantine's sm option, 4 px padding each side). */
const OPTION_PX = 34;
const DROPDOWN_PADDING_PX = 12;
/** The longest list the field can show; the dropdown never grows past it (it scrolls instead). */
const LIST_PX = Math.min(PAUSE_REASONS.length, PAUSE_MAX_SUGGESTIONS) * OPTION_PX + DROPDOWN_PADDING_PX;
/** Label (sm text), input (sm), the dropdown's 8 px offset and the list: the field's box never changes height. */
const FIELD_BOX_PX = 22 + 36 + 8 + LIST_PX;

/**
 * Pause the workday: the reason is required; suggestions Comida, Médico, Personal. Nothing moves under a click: the
 * field sits in a box of fixed height with room for the longest list and the error, the suggestions overlay that
 * room (never the buttons), so opening or closing them (a mouse-down on 'Pausar' closes them) moves nothing.
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
          <Box style={{ minHeight: FIELD_BOX_PX }}>
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
              maxDropdownHeight={LIST_PX}
              comboboxProps={{
                withinPortal: false,
                position: 'bottom-start',
                middlewares: { flip: false, shift: false },
              }}
            />
          </Box>
          <BotonesDialogo onCancelar={onClose} type="submit" loading={form.submitting}>
            Pausar
          </BotonesDialogo>
        </Stack>
      </form>
    </Modal>
  );
}
