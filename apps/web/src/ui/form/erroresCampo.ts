import { MSG } from '@faro/domain';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../platform/api/errors.ts';

/** The field errors of an API answer, by field (shown in place), or {} when it had none. */
export function erroresDe(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fieldErrors.map((e) => [e.Campo, e.Mensaje]));
}

/**
 * The field errors of a bespoke form: `intentar(accion)` clears them, runs the call and, when the server refuses
 * it, keeps its field errors to show on their inputs (the API client has already toasted the message). It answers
 * whether the call went through, so the caller clears the form only then.
 */
export function useErroresCampo() {
  const [errores, setErrores] = useState<Record<string, string>>({});
  const intentar = async (accion: () => Promise<unknown>): Promise<boolean> => {
    setErrores({});
    try {
      await accion();
      return true;
    } catch (e) {
      setErrores(erroresDe(e));
      return false;
    }
  };
  return { errores, setErrores, intentar };
}

/** The options of a select over named rows, led by the empty choice that asks to pick one. */
export function opcionesNombre(filas: readonly { Id: number; Nombre: string }[] | undefined, vacio: string) {
  return [{ value: '', label: vacio }, ...(filas ?? []).map((x) => ({ value: String(x.Id), label: x.Nombre }))];
}

/** A refused save as a form shows it: the field errors in place, or else the failure as the general error (`_`). */
export function erroresDelGuardado(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.fieldErrors.length) return erroresDe(error);
  return { _: error instanceof Error ? error.message : MSG.internal };
}

// Text fields, also those a form may not have yet (null or missing: shown empty).
type ClavesTexto<V> = { [K in keyof V]-?: V[K] extends string | null | undefined ? K : never }[keyof V] & string;

/**
 * The props that bind a text input of a bespoke form to one text field of its state object: value, change and the
 * field's error (`ligarTexto(v, setV, errores)('Desde')`); also a native select's. `setV` may take a patch
 * (`set(parte)`): it gets the whole state with the field changed.
 */
export function ligarTexto<V extends object>(v: V, setV: (v: V) => void, errores: Record<string, string> = {}) {
  return (k: ClavesTexto<V>) => ({
    value: String(v[k] ?? ''),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setV({ ...v, [k]: e.currentTarget.value }),
    error: errores[k],
  });
}

/**
 * The props that bind a Mantine `Select` to one text field of a bespoke form's state object: the value (null when
 * empty, so the placeholder shows), the picked option ('' when cleared) and the field's error.
 */
export function ligarSelect<V extends object>(v: V, setV: (v: V) => void, errores: Record<string, string> = {}) {
  return (k: ClavesTexto<V>) => ({
    value: String(v[k] ?? '') || null,
    onChange: (x: string | null) => setV({ ...v, [k]: x ?? '' }),
    error: errores[k],
  });
}

// Number fields that also hold the text being typed (Mantine's NumberInput answers '' or a partial number).
type ClavesNumero<V> = { [K in keyof V]-?: [number | string] extends [V[K]] ? K : never }[keyof V] & string;

/** The props that bind a Mantine `NumberInput` to one number field of a bespoke form's state: value, change, error. */
export function ligarNumero<V extends object>(v: V, setV: (v: V) => void, errores: Record<string, string> = {}) {
  return <K extends ClavesNumero<V>>(k: K) => ({
    value: v[k],
    onChange: (x: number | string) => setV({ ...v, [k]: x }),
    error: errores[k],
  });
}

/** The props that bind an input (text, date, native select) to a text held in its own state: value, change, error. */
export function textoDe(valor: string, setValor: (v: string) => void, error?: ReactNode) {
  return {
    value: valor,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValor(e.currentTarget.value),
    error,
  };
}
