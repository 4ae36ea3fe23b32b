import { MSG, PASSWORD_HINT } from '@faro/domain';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { FormField } from '../../ui/form/FormField.tsx';
import { ligar } from '../../ui/form/Formulario.tsx';
import { useForm } from '../../ui/form/useForm.ts';
import {
  CHANGE_PASSWORD_FIELDS,
  type ChangePasswordValues,
  CHANGE_PASSWORD_LABELS as L,
  validateChangePassword,
} from './changePasswordRules.ts';
import { FormModal } from './FormModal.tsx';

const EMPTY: ChangePasswordValues = { PassActual: '', PassNuevo: '', PassNuevoRepite: '' };

/** Change password (spec section 5): the exact rules and messages; the server's 400 errors under their fields. */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const form = useForm(EMPTY, validateChangePassword, (campo) => CHANGE_PASSWORD_FIELDS[campo]);
  const save = () =>
    form.submit(async (v) => {
      await api.post('usuarios/usuario/cambiarcontrasena', {
        PasswordActual: v.PassActual,
        NuevoPassword: v.PassNuevo,
      });
      notifySuccess(MSG.passwordUpdated);
      onClose();
    });
  const field = (name: keyof ChangePasswordValues & string, extra: { help?: string; autoComplete: string }) => (
    <FormField type="password" name={name} label={L[name]} required {...ligar(form, name)} {...extra} />
  );
  return (
    <FormModal
      title="Cambiar contraseña"
      onClose={onClose}
      onSubmit={() => void save()}
      form={form}
      submitLabel="Guardar"
    >
      {field('PassActual', { autoComplete: 'current-password' })}
      {field('PassNuevo', { help: PASSWORD_HINT, autoComplete: 'new-password' })}
      {field('PassNuevoRepite', { autoComplete: 'new-password' })}
    </FormModal>
  );
}
