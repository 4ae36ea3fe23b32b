import type { ChangeEvent, ReactNode } from 'react';
import { errorLines } from './FormField.tsx';
import type { FormApi } from './useForm.ts';

/** A form the app validates itself (the browser's own checks off): Enter or the submit button runs `onEnviar`. */
export function Formulario({ onEnviar, children }: { onEnviar: () => unknown; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onEnviar();
      }}
    >
      {children}
    </form>
  );
}

/** The props that bind a `FormField` to one text field of a `useForm`: value, change, touch on blur, its errors. */
export function ligar<V extends Record<string, unknown>>(form: FormApi<V>, nombre: keyof V & string) {
  return {
    value: String(form.values[nombre] ?? ''),
    onChange: (v: string) => form.set(nombre, v as V[typeof nombre]),
    onBlur: () => form.touch(nombre),
    errors: form.errors(nombre),
  };
}

/**
 * The props that bind a Mantine text input or textarea to one text field of a `useForm`: value, change and its
 * error lines (they show once the field is changed or touched; add `onBlur` to show them on leaving it).
 */
export function ligarEntrada<V extends Record<string, unknown>>(form: FormApi<V>, nombre: keyof V & string) {
  return {
    value: String(form.values[nombre] ?? ''),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      form.set(nombre, e.currentTarget.value as V[typeof nombre]),
    error: errorLines(form.errors(nombre)),
  };
}
