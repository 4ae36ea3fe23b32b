import { Anchor, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { loginPath } from '../../platform/storage.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import type { FormApi } from '../../ui/form/useForm.ts';

/**
 * The submit of a logged-out form that ends on the sign-in page: every error shows even on untouched fields, the
 * call answers the text of the success toast, then the browser goes to sign in.
 */
export function useEnviarHaciaElAcceso<V extends Record<string, unknown>>(
  form: FormApi<V>,
  llamada: (v: V) => Promise<string>,
) {
  const navigate = useNavigate();
  return () =>
    form.submit(
      async (v) => {
        notifySuccess(await llamada(v));
        navigate(loginPath());
      },
      { force: true },
    );
}

/** The foot of such a form: its submit button and the way back to sign in. */
export function PieHaciaElAcceso({
  loading,
  disabled,
  children,
}: {
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Button type="submit" loading={loading} disabled={disabled}>
        {children}
      </Button>
      <Anchor component={Link} to={loginPath()} size="sm">
        Volver al acceso
      </Anchor>
    </>
  );
}
