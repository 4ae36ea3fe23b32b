import { MSG } from '@faro/domain';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { loginPath } from '../../platform/storage.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { FormField } from '../../ui/form/FormField.tsx';
import { Formulario, ligar } from '../../ui/form/Formulario.tsx';
import { useForm } from '../../ui/form/useForm.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { PublicLayout } from './PublicLayout.tsx';

const validate = (v: { Usuario: string }) => (v.Usuario.trim() ? {} : { Usuario: [MSG.required('Usuario')] });

/** Password recovery: the server always answers the same text, whether the user exists or not. */
export function RecoverPage() {
  usePageTitle('Recuperar contraseña');
  const navigate = useNavigate();
  const form = useForm({ Usuario: '' }, validate);
  const submit = () =>
    form.submit(
      async (v) => {
        const answer = await api.post<{ Mensaje: string }>(
          'usuarios/registro/recupera',
          { Usuario: v.Usuario.trim() },
          { auth: false },
        );
        notifySuccess(answer?.Mensaje ?? 'Revisa tu correo electrónico');
        navigate(loginPath());
      },
      { force: true },
    );
  return (
    <PublicLayout title="Recuperar contraseña">
      <Formulario onEnviar={submit}>
        <Stack>
          <Text size="sm">Te enviaremos un correo electrónico con un enlace para crear una contraseña nueva.</Text>
          <FormField name="Usuario" label="Usuario" required autoComplete="username" {...ligar(form, 'Usuario')} />
          <Button type="submit" loading={form.submitting}>
            Enviar
          </Button>
          <Anchor component={Link} to={loginPath()} size="sm">
            Volver al acceso
          </Anchor>
        </Stack>
      </Formulario>
    </PublicLayout>
  );
}
