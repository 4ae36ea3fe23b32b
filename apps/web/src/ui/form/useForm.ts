import { MSG } from '@faro/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError, type FieldError } from '../../platform/api/errors.ts';
import { notifyError } from '../../platform/ui/notify.ts';

export type FormErrors<V> = Partial<Record<keyof V & string, string[]>>;
export type Validator<V> = (values: V) => FormErrors<V>;

export interface FormApi<V> {
  values: V;
  set<K extends keyof V & string>(name: K, value: V[K]): void;
  /** The field lost focus: from now on its errors show. */
  touch(name: keyof V & string): void;
  /** The errors to show under a field: only once touched or changed (spec section 5). */
  errors(name: keyof V & string): string[];
  dirty: boolean;
  submitting: boolean;
  /** The general form error ("Revisa los errores del formulario") while the form is invalid after a save. */
  formError: string | null;
  /**
   * Save: an invalid form marks every invalid field touched and shows "Revisa los errores del formulario"; an
   * unchanged form shows "No hay cambios para guardar" unless forced. Server 400 errors land under their fields.
   */
  submit(
    onValid: (values: V) => Promise<unknown> | unknown,
    options?: {
      force?: boolean;
      /**
       * false: the form's banner is the only place errors show (no "Revisa los errores" toast; a server error
       * without fields, from a call made with `silent`, lands in the banner too).
       */
      toast?: boolean;
    },
  ): Promise<boolean>;
  reset(values: V): void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A small form state: values, touched fields, client validation and server errors. `fieldFor` maps the server's
 * Campo names to form fields when they differ (PasswordActual → PassActual).
 */
export function useForm<V extends Record<string, unknown>>(
  initial: V,
  validate: Validator<V>,
  fieldFor: (campo: string) => (keyof V & string) | undefined = (c) => c as keyof V & string,
): FormApi<V> {
  const [values, setValues] = useState<V>(initial);
  const [baseline, setBaseline] = useState<V>(initial);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [server, setServer] = useState<Record<string, string[]>>({});
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // A server error that names no field, shown in the banner by forms that do not toast (submit's toast: false).
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const fieldForRef = useRef(fieldFor);
  fieldForRef.current = fieldFor;

  const clientErrors = useMemo(() => validate(values), [validate, values]);
  const hasClientErrors = Object.values(clientErrors).some((l) => (l as string[] | undefined)?.length);

  const set = useCallback<FormApi<V>['set']>((name, value) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => (t.has(name) ? t : new Set(t).add(name)));
    setServer((s) => {
      if (!s[name]) return s;
      const { [name]: _, ...rest } = s;
      return rest;
    });
  }, []);

  const touch = useCallback((name: string) => {
    setTouched((t) => (t.has(name) ? t : new Set(t).add(name)));
  }, []);

  const errors = useCallback(
    (name: keyof V & string) => {
      if (!touched.has(name)) return [];
      return [...((clientErrors[name] as string[] | undefined) ?? []), ...(server[name] ?? [])];
    },
    [touched, clientErrors, server],
  );

  const applyServerErrors = useCallback((list: FieldError[]) => {
    const byField: Record<string, string[]> = {};
    for (const e of list) {
      const field = fieldForRef.current(e.Campo) ?? e.Campo;
      byField[field] = [...(byField[field] ?? []), e.Mensaje];
    }
    setServer(byField);
    setTouched((t) => new Set([...t, ...Object.keys(byField)]));
  }, []);

  const dirty = !same(values, baseline);

  const submit = useCallback<FormApi<V>['submit']>(
    async (onValid, options = {}) => {
      if (hasClientErrors) {
        setTouched((t) => new Set([...t, ...Object.keys(clientErrors)]));
        setFormError(MSG.formInvalid);
        if (options.toast !== false) notifyError(MSG.formInvalid);
        return false;
      }
      if (!dirty && !options.force) {
        notifyError(MSG.noChanges);
        return false;
      }
      setFormError(null);
      setServerMessage(null);
      setSubmitting(true);
      try {
        await onValid(values);
        setBaseline(values);
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.fieldErrors.length) {
          applyServerErrors(err.fieldErrors);
          setFormError(MSG.formInvalid);
        } else if (err instanceof ApiError && options.toast === false) {
          setServerMessage(err.message || MSG.internal);
        } else if (!(err instanceof ApiError)) {
          throw err;
        }
        return false;
      } finally {
        setSubmitting(false);
      }
    },
    [hasClientErrors, clientErrors, dirty, values, applyServerErrors],
  );

  const reset = useCallback((next: V) => {
    setValues(next);
    setBaseline(next);
    setTouched(new Set());
    setServer({});
    setFormError(null);
    setServerMessage(null);
  }, []);

  return {
    values,
    set,
    touch,
    errors,
    dirty,
    submitting,
    formError: hasClientErrors || Object.keys(server).length ? formError : serverMessage,
    submit,
    reset,
  };
}
