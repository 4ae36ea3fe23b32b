import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Errores = Record<string, string>;

/**
 * A dialog form with its own checks: on submit `comprobar()` answers the field errors (each shown on its input
 * through `errores`) and `onValido` runs only when there are none. A general error (`errores._`: a refusal without
 * fields) is announced above the fields. `soloLectura` disables every field at once.
 * Pair it with `erroresDelGuardado` for the save's `onError`.
 */
export function FormularioComprobado({
  comprobar,
  setErrores,
  errores,
  onValido,
  soloLectura,
  pie,
  children,
}: {
  comprobar: () => Errores;
  setErrores: (errores: Errores) => void;
  errores: Errores;
  onValido: () => void;
  soloLectura?: boolean;
  /** What follows the fields inside the form (its buttons) when `soloLectura` must not disable it. */
  pie?: ReactNode;
  children: ReactNode;
}) {
  const campos = (
    <Stack gap="sm">
      {errores._ && (
        <Text c="red" role="alert">
          {errores._}
        </Text>
      )}
      {children}
    </Stack>
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const err = comprobar();
        setErrores(err);
        if (Object.keys(err).length === 0) onValido();
      }}
    >
      {soloLectura === undefined ? (
        campos
      ) : (
        <fieldset disabled={soloLectura} style={{ border: 0, padding: 0, margin: 0 }}>
          {campos}
        </fieldset>
      )}
      {pie}
    </form>
  );
}
