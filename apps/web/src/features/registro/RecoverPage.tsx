import { MSG } from '@faro/domain';
import { Stack, Text } from '@mantine/core';
import { api } from '../../platform/api/client.ts';
import { FormField } from '../../ui/form/FormField.tsx';
import { Formulario, ligar } from '../../ui/form/Formulario.tsx';
import { useForm } from '../../ui/form/useForm.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { PieHaciaElAcceso, useEnviarHaciaElAcceso } from './haciaElAcceso.tsx';
import { PublicLayout } from './PublicLayout.tsx';

const validate = (v: { Usuario: string }) => (v.Usuario.trim() ? {} : { Usuario: [MSG.required('Usuario')] });

/** Password recovery: the server always answers the same text, whether the user exists or not. */
export function RecoverPage() {
  usePageTitle('Recuperar contraseña');
  const form = useForm({ Usuario: '' }, validate);
  const submit = useEnviarHaciaElAcceso(form, async (v) => {
    const answer = await api.post<{ Mensaje: string }>(
      'usuarios/registro/recupera',
      { Usuario: v.Usuario.trim() },
      { auth: false },
    );
    return answer?.Mensaje ?? 'Revisa tu correo electrónico';
  });
  return (
    <PublicLayout title="Recuperar contraseña">
      <Formulario onEnviar={submit}>
        <Stack>
          <Text size="sm">Te enviaremos un correo electrónico con un enlace para crear una contraseña nueva.</Text>
          <FormField name="Usuario" label="Usuario" required autoComplete="username" {...ligar(form, 'Usuario')} />
          <PieHaciaElAcceso loading={form.submitting}>Enviar</PieHaciaElAcceso>
        </Stack>
      </Formulario>
    </PublicLayout>
  );
}
