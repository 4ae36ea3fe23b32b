import { MSG, PASSWORD_HINT } from '@faro/domain';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { FormField } from '../../ui/form/FormField.tsx';
import { useForm } from '../../ui/form/useForm.ts';
import {
  CHANGE_PASSWORD_FIELDS,
  type ChangePasswordValues,
  CHANGE_PASSWORD_LABELS as L,
  validateChangePassword,
} from './changePasswordRules.ts';

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
    <FormField
      type="password"
      name={name}
      label={L[name]}
      required
      value={form.values[name]}
      onChange={(v) => form.set(name, v)}
      onBlur={() => form.touch(name)}
      errors={form.errors(name)}
      {...extra}
    />
  );
  return (
    <Modal opened onClose={onClose} title="Cambiar contraseña" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          {form.formError && (
            <Alert color="red" variant="light" role="alert">
              {form.formError}
            </Alert>
          )}
          {field('PassActual', { autoComplete: 'current-password' })}
          {field('PassNuevo', { help: PASSWORD_HINT, autoComplete: 'new-password' })}
          {field('PassNuevoRepite', { autoComplete: 'new-password' })}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={form.submitting}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
