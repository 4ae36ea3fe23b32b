import { Alert, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { Formulario } from '../../ui/form/Formulario.tsx';

/** A small form in a dialog: the form's error banner, its fields, Cancelar and the submit button. */
export function FormModal({
  title,
  onClose,
  onSubmit,
  formError,
  submitting,
  submitLabel,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  formError: string | null;
  submitting: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Formulario onEnviar={onSubmit}>
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          {children}
          <BotonesDialogo onCancelar={onClose} type="submit" loading={submitting}>
            {submitLabel}
          </BotonesDialogo>
        </Stack>
      </Formulario>
    </Modal>
  );
}
