import { Suspense } from 'react';
import { PageLoader } from '../../platform/ui/PageLoader.tsx';
import { lazyNamed } from '../../ui/lazyNamed.ts';
import { LoginPage } from './LoginPage.tsx';
import { RecoverPage } from './RecoverPage.tsx';

// The login stays light; the screens with password and tax-id validation (zod) load when opened.
const NewPasswordPage = lazyNamed(() => import('./NewPasswordPage.tsx'), 'NewPasswordPage');
const SignUpPage = lazyNamed(() => import('./SignUpPage.tsx'), 'SignUpPage');
const ConfirmEmailPage = lazyNamed(() => import('./ConfirmEmailPage.tsx'), 'ConfirmEmailPage');

/** registro/…: login (optionally branded by company code), recovery, new password, sign-up, e-mail confirmation. */
export function RegistroScreens({ segments }: { segments: string[] }) {
  const [first, second] = segments;
  let page: React.ReactNode;
  if (first === 'recuperar') page = <RecoverPage />;
  else if (first === 'nuevopass') page = <NewPasswordPage token={second} />;
  else if (first === 'nuevacuenta') page = <SignUpPage />;
  else if (first === 'confirmaemail') page = <ConfirmEmailPage token={second} />;
  else page = <LoginPage code={first} />;
  return <Suspense fallback={<PageLoader />}>{page}</Suspense>;
}
