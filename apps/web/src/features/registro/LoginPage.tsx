import { MSG } from '@faro/domain';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { prefetchAfterLogin } from '../../platform/prefetch.ts';
import { useSession } from '../../platform/session/SessionProvider.tsx';
import { clientId, storeCompanyCode, storedCompanyCode, type TokenPair } from '../../platform/storage.ts';
import { FormField } from '../../ui/form/FormField.tsx';
import { Formulario, ligar } from '../../ui/form/Formulario.tsx';
import { type FormErrors, useForm } from '../../ui/form/useForm.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { PublicLayout } from './PublicLayout.tsx';

type LoginValues = {
  Usuario: string;
  Password: string;
};

const validate = (v: LoginValues): FormErrors<LoginValues> => ({
  ...(v.Usuario.trim() ? {} : { Usuario: [MSG.required('Usuario')] }),
  ...(v.Password ? {} : { Password: [MSG.required('Contraseña')] }),
});

interface CompanyLogo {
  Codigo: string;
  Nombre: string;
  Logo: string | null;
}

/** The login. On registro/{código} the company's logo shows and the code is remembered for the next logins. */
export function LoginPage({ code }: { code?: string }) {
  usePageTitle('Acceso');
  const { login } = useSession();
  const navigate = useNavigate();
  const stored = storedCompanyCode();
  const logo = useQuery({
    queryKey: ['registro', 'logo', code],
    queryFn: () =>
      api.get<CompanyLogo>('usuarios/registro/obtenerlogo', { params: { Codigo: code }, auth: false, silent: true }),
    enabled: !!code,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (logo.data) storeCompanyCode(logo.data.Codigo);
    if (logo.isError && stored === code) storeCompanyCode(null);
  }, [logo.data, logo.isError, stored, code]);

  const form = useForm<LoginValues>({ Usuario: '', Password: '' }, validate);
  useEffect(prefetchAfterLogin, []);

  if (!code && stored) return <Navigate to={`/registro/${encodeURIComponent(stored)}`} replace />;

  const company = logo.data ?? null;
  const submit = () =>
    form.submit(
      async (v) => {
        const tokens = await api.post<TokenPair>(
          'usuarios/registro/login',
          { Usuario: v.Usuario.trim(), Password: v.Password, IdCliente: clientId(), CodigoEmpresa: company?.Codigo },
          { auth: false },
        );
        // The route gate sends the signed-in session on: to the page a forced sign-out remembered, or home.
        await login(tokens);
      },
      { force: true },
    );

  return (
    <PublicLayout
      title="Acceso"
      subtitle="Introduce tu usuario y tu contraseña"
      logo={company ? { src: company.Logo, name: company.Nombre } : null}
    >
      <Formulario onEnviar={submit}>
        <Stack>
          <FormField
            name="Usuario"
            label="Usuario"
            required
            autoComplete="username"
            autoFocus
            {...ligar(form, 'Usuario')}
          />
          <FormField
            name="Password"
            type="password"
            label="Contraseña"
            required
            autoComplete="current-password"
            {...ligar(form, 'Password')}
          />
          <Button type="submit" fullWidth loading={form.submitting}>
            Entrar
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to="/registro/recuperar" size="sm">
              ¿Has olvidado tu contraseña?
            </Anchor>
            <Anchor component={Link} to="/registro/nuevacuenta" size="sm">
              Crear una cuenta
            </Anchor>
          </Group>
          {company && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              c="dimmed"
              onClick={() => {
                storeCompanyCode(null);
                navigate('/registro', { replace: true });
              }}
            >
              Acceder a otra empresa
            </Anchor>
          )}
        </Stack>
      </Formulario>
    </PublicLayout>
  );
}
