import { MSG, PATTERNS } from '@faro/domain';
import { Text } from '@mantine/core';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { FormField } from '../../ui/form/FormField.tsx';
import { ligar } from '../../ui/form/Formulario.tsx';
import { type FormErrors, useForm } from '../../ui/form/useForm.ts';
import { FormModal } from './FormModal.tsx';

type ChangeEmailValues = { Email: string; PasswordActual: string };
const EMPTY: ChangeEmailValues = { Email: '', PasswordActual: '' };
const LABELS = { Email: 'Nuevo correo electrónico', PasswordActual: 'Contraseña actual' } as const;

function validate(v: ChangeEmailValues): FormErrors<ChangeEmailValues> {
  const errors: FormErrors<ChangeEmailValues> = {};
  if (!v.Email.trim()) errors.Email = [MSG.required(LABELS.Email)];
  else if (!PATTERNS.email.test(v.Email.trim())) errors.Email = [MSG.format];
  if (!v.PasswordActual) errors.PasswordActual = [MSG.required(LABELS.PasswordActual)];
  return errors;
}

/**
 * The person's own e-mail: it changes only when the link mailed to the new address is opened (the old address gets
 * a notice), so the answer here says where to look, not that it changed.
 */
export function ChangeEmailModal({ onClose }: { onClose: () => void }) {
  const form = useForm(EMPTY, validate);
  const save = () =>
    form.submit(async (v) => {
      const res = await api.post<{ Mensaje: string }>('usuarios/usuario/cambiaremail', {
        Email: v.Email.trim(),
        PasswordActual: v.PasswordActual,
      });
      notifySuccess(res.Mensaje);
      onClose();
    });
  const field = (name: keyof ChangeEmailValues, type: 'email' | 'password', autoComplete: string) => (
    <FormField
      type={type}
      name={name}
      label={LABELS[name]}
      required
      {...ligar(form, name)}
      autoComplete={autoComplete}
    />
  );
  return (
    <FormModal
      title="Cambiar correo electrónico"
      onClose={onClose}
      onSubmit={() => void save()}
      form={form}
      submitLabel="Enviar enlace"
    >
      <Text size="sm" c="dimmed">
        Te enviaremos un enlace a la nueva dirección; el cambio se hará al abrirlo.
      </Text>
      {field('Email', 'email', 'email')}
      {field('PasswordActual', 'password', 'current-password')}
    </FormModal>
  );
}
