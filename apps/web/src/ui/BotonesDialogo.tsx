import { Button, type ButtonProps, Group } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

type PropsBoton = Omit<ButtonProps, 'children'> &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'children'> & { 'data-autofocus'?: boolean };

/**
 * The foot of a dialog: 'Cancelar' (closes it, changes nothing) beside the dialog's own button, right-aligned.
 * Every prop but `onCancelar` goes to the dialog's button (`type="submit"`, `loading`, `color`, `onClick`).
 */
export function BotonesDialogo({
  onCancelar,
  children,
  ...boton
}: { onCancelar: () => void; children: ReactNode } & PropsBoton) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancelar}>
        Cancelar
      </Button>
      <Button {...boton}>{children}</Button>
    </Group>
  );
}
