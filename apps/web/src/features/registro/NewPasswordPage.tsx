import { MSG, newPasswordSchema, PASSWORD_HINT } from '@faro/domain';
import { Alert, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { FormField } from '../../ui/form/FormField.tsx';
import { Formulario, ligar } from '../../ui/form/Formulario.tsx';
import { type FormErrors, useForm } from '../../ui/form/useForm.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { PieHaciaElAcceso, useEnviarHaciaElAcceso } from './haciaElAcceso.tsx';
import { PublicLayout } from './PublicLayout.tsx';

type Values = {
  NuevoPassword: string;
  Repite: string;
};

const LABEL = 'Nueva contraseña';
const schema = newPasswordSchema(LABEL);
const validate = (v: Values): FormErrors<Values> => {
  const errors: FormErrors<Values> = {};
  const r = schema.safeParse(v.NuevoPassword);
  if (!v.NuevoPassword) errors.NuevoPassword = [MSG.required(LABEL)];
  else if (!r.success) errors.NuevoPassword = [...new Set(r.error.issues.map((i) => i.message))];
  if (!v.Repite) errors.Repite = [MSG.required('Repetición de la contraseña')];
  else if (v.Repite !== v.NuevoPassword) errors.Repite = [MSG.passwordMismatch];
  return errors;
};

/** registro/nuevopass/{token} (or ?token=): the link of the recovery e-mail. */
export function NewPasswordPage({ token: pathToken }: { token?: string }) {
  usePageTitle('Nueva contraseña');
  const [params] = useSearchParams();
  const token = pathToken ?? params.get('token') ?? '';
  const form = useForm<Values>({ NuevoPassword: '', Repite: '' }, validate);
  const submit = useEnviarHaciaElAcceso(form, async (v) => {
    await api.post('usuarios/registro/nuevopass', { Token: token, NuevoPassword: v.NuevoPassword }, { auth: false });
    return MSG.passwordUpdated;
  });
  return (
    <PublicLayout title="Nueva contraseña">
      <Formulario onEnviar={submit}>
        <Stack>
          {!token && <Alert color="red">El enlace no es válido: solicita uno nuevo.</Alert>}
          <FormField
            name="NuevoPassword"
            type="password"
            label={LABEL}
            required
            help={PASSWORD_HINT}
            autoComplete="new-password"
            {...ligar(form, 'NuevoPassword')}
          />
          <FormField
            name="Repite"
            type="password"
            label="Repetición de la contraseña"
            required
            autoComplete="new-password"
            {...ligar(form, 'Repite')}
          />
          <PieHaciaElAcceso loading={form.submitting} disabled={!token}>
            Guardar
          </PieHaciaElAcceso>
        </Stack>
      </Formulario>
    </PublicLayout>
  );
}
