import { Alert, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { Formulario } from '../../ui/form/Formulario.tsx';

/** A small form in a dialog: the form's error banner, its fields, Cancelar and the submit button. */
export function FormModal({
  title,
  onClose,
  onSubmit,
  form,
  submitLabel,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  /** The form's state: its general error and whether it is being sent. */
  form: { formError: string | null; submitting: boolean };
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Formulario onEnviar={onSubmit}>
        <Stack>
          {form.formError && (
            <Alert color="red" variant="light" role="alert">
              {form.formError}
            </Alert>
          )}
          {children}
          <BotonesDialogo onCancelar={onClose} type="submit" loading={form.submitting}>
            {submitLabel}
          </BotonesDialogo>
        </Stack>
      </Formulario>
    </Modal>
  );
}
