import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { loginPath } from '../../platform/storage.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { PublicLayout } from './PublicLayout.tsx';

/** registro/confirmaemail/{token}: confirms the e-mail of a new account. */
export function ConfirmEmailPage({ token: pathToken }: { token?: string }) {
  usePageTitle('Confirmación del correo electrónico');
  const [params] = useSearchParams();
  const token = pathToken ?? params.get('token') ?? '';
  const result = useQuery({
    queryKey: ['registro', 'confirmaemail', token],
    queryFn: () =>
      api.post<{ Mensaje?: string }>(
        'usuarios/registro/confirmaemail',
        { Token: token },
        { auth: false, silent: true },
      ),
    enabled: !!token,
    retry: false,
  });
  return (
    <PublicLayout title="Confirmación del correo electrónico">
      <Stack>
        {result.isLoading && <Loader />}
        {result.data && <Alert color="green">{result.data.Mensaje ?? 'Tu cuenta ha quedado confirmada.'}</Alert>}
        {(result.isError || !token) && (
          <Alert color="red">
            {result.error instanceof ApiError ? result.error.message : 'El enlace no es válido o ha caducado.'}
          </Alert>
        )}
        <Anchor component={Link} to={loginPath()}>
          Ir al acceso
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
