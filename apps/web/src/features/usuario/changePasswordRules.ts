import { MSG, newPasswordSchema, PASSWORD_RULES } from '@faro/domain';
import type { FormErrors } from '../../ui/form/useForm.ts';

/** The change-password form of spec section 5 (PassActual, PassNuevo, PassNuevoRepite). */
export type ChangePasswordValues = {
  PassActual: string;
  PassNuevo: string;
  PassNuevoRepite: string;
};

export const CHANGE_PASSWORD_LABELS = {
  PassActual: 'Contraseña actual',
  PassNuevo: 'Nueva contraseña',
  PassNuevoRepite: 'Repetición de la contraseña',
} as const satisfies Record<keyof ChangePasswordValues, string>;

const newPassword = newPasswordSchema(CHANGE_PASSWORD_LABELS.PassNuevo);

/**
 * PassActual: required, max 50 (only for the user's own password). PassNuevo: required, min 8, max 50, strength
 * pattern. PassNuevoRepite: required, and equal to PassNuevo.
 */
export function validateChangePassword(v: ChangePasswordValues, own = true): FormErrors<ChangePasswordValues> {
  const errors: FormErrors<ChangePasswordValues> = {};
  if (own) {
    if (!v.PassActual) errors.PassActual = [MSG.required(CHANGE_PASSWORD_LABELS.PassActual)];
    else if (v.PassActual.length > PASSWORD_RULES.max) {
      errors.PassActual = [MSG.maxLength(CHANGE_PASSWORD_LABELS.PassActual, PASSWORD_RULES.max)];
    }
  }
  if (!v.PassNuevo) errors.PassNuevo = [MSG.required(CHANGE_PASSWORD_LABELS.PassNuevo)];
  else {
    const parsed = newPassword.safeParse(v.PassNuevo);
    if (!parsed.success) errors.PassNuevo = [...new Set(parsed.error.issues.map((i) => i.message))];
  }
  if (!v.PassNuevoRepite) errors.PassNuevoRepite = [MSG.required(CHANGE_PASSWORD_LABELS.PassNuevoRepite)];
  else if (v.PassNuevo !== v.PassNuevoRepite) errors.PassNuevoRepite = [MSG.passwordMismatch];
  return errors;
}

/** The server's field names for this form. */
export const CHANGE_PASSWORD_FIELDS: Record<string, keyof ChangePasswordValues> = {
  PasswordActual: 'PassActual',
  NuevoPassword: 'PassNuevo',
  PassActual: 'PassActual',
  PassNuevo: 'PassNuevo',
  PassNuevoRepite: 'PassNuevoRepite',
};
