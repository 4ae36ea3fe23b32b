import { type FieldDef, MSG, newPasswordSchema, PASSWORD_HINT } from '@faro/domain';
import { Anchor, Button, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { FormField } from '../../ui/form/FormField.tsx';
import { Formulario, ligar } from '../../ui/form/Formulario.tsx';
import { validatorFor } from '../../ui/form/fieldValidation.ts';
import { type FormErrors, useForm } from '../../ui/form/useForm.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { PublicLayout } from './PublicLayout.tsx';

/** registro/nuevacuenta: a new company account (its owner user); confirmation arrives by e-mail. */
const FIELDS = {
  NombreEmpresa: { kind: 'text', label: 'Nombre de la empresa', required: true, maxLength: 100 },
  NIF: { kind: 'taxId', label: 'NIF', required: true, maxLength: 20 },
  Nombre: { kind: 'text', label: 'Nombre', required: true, maxLength: 60 },
  Email: { kind: 'email', label: 'Email', required: true, maxLength: 120 },
  Usuario: { kind: 'code', label: 'Usuario', required: true, minLength: 3, maxLength: 50 },
} as const satisfies Record<string, FieldDef>;

type Values = Record<keyof typeof FIELDS | 'Password' | 'Repite', string>;

const passwordSchema = newPasswordSchema('Contraseña');
const validate = validatorFor<Values>(FIELDS, (v) => {
  const e: FormErrors<Values> = {};
  const r = passwordSchema.safeParse(v.Password);
  if (!v.Password) e.Password = [MSG.required('Contraseña')];
  else if (!r.success) e.Password = [...new Set(r.error.issues.map((i) => i.message))];
  if (!v.Repite) e.Repite = [MSG.required('Repetición de la contraseña')];
  else if (v.Repite !== v.Password) e.Repite = [MSG.passwordMismatch];
  return e;
});

const EMPTY: Values = { NombreEmpresa: '', NIF: '', Nombre: '', Email: '', Usuario: '', Password: '', Repite: '' };

export function SignUpPage() {
  usePageTitle('Crear una cuenta');
  const navigate = useNavigate();
  const form = useForm<Values>(EMPTY, validate);
  const submit = () =>
    form.submit(
      async ({ Repite: _, ...body }) => {
        const answer = await api.post<{ Mensaje?: string }>('usuarios/registro/nuevacuenta', body, { auth: false });
        notifySuccess(answer?.Mensaje ?? 'Te hemos enviado un correo electrónico para confirmar la cuenta');
        navigate('/registro');
      },
      { force: true },
    );
  const text = (name: keyof Values, label: string, extra: Partial<Parameters<typeof FormField>[0]> = {}) => (
    <FormField name={name} label={label} required {...ligar(form, name)} {...extra} />
  );
  return (
    <PublicLayout title="Crear una cuenta" subtitle="Prueba Faro con los datos de tu empresa">
      <Formulario onEnviar={submit}>
        <Stack gap="sm">
          {text('NombreEmpresa', FIELDS.NombreEmpresa.label, { autoComplete: 'organization' })}
          {text('NIF', FIELDS.NIF.label)}
          {text('Nombre', FIELDS.Nombre.label, { autoComplete: 'name' })}
          {text('Email', FIELDS.Email.label, { type: 'email', autoComplete: 'email' })}
          {text('Usuario', FIELDS.Usuario.label, { autoComplete: 'username' })}
          {text('Password', 'Contraseña', { type: 'password', help: PASSWORD_HINT, autoComplete: 'new-password' })}
          {text('Repite', 'Repetición de la contraseña', { type: 'password', autoComplete: 'new-password' })}
          <Button type="submit" loading={form.submitting}>
            Crear la cuenta
          </Button>
          <Anchor component={Link} to="/registro" size="sm">
            Ya tengo una cuenta
          </Anchor>
        </Stack>
      </Formulario>
    </PublicLayout>
  );
}
