import { enrolmentRequired, resolveRoute, rewriteHashUrl, splitPath } from '@faro/domain';
import { Button, Center, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../platform/session/SessionProvider.tsx';
import { recordarDestino, tomarDestino } from '../platform/session/volver.ts';
import { loginPath } from '../platform/storage.ts';
import { notifyError } from '../platform/ui/notify.ts';
import { PageLoader } from '../platform/ui/PageLoader.tsx';
import { usePageTitle, useRouteTitle } from '../ui/usePageTitle.ts';
import { Shell } from './lazyScreens.ts';
import { LoggedScreen, PublicScreen } from './screens.tsx';

/** Leaves the session (account-type violation, or '' while logged out) and goes to the login path. */
function LogoutRedirect() {
  const { state, logout } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (state.status === 'ready') logout();
    else navigate(loginPath(), { replace: true });
  }, [state.status, logout, navigate]);
  return <PageLoader />;
}

/**
 * A redirect that remembers where the tab was going: a signed-out visit to a page of the app is remembered for the
 * login, and a session that has just signed in (the login page redirects it) goes to the remembered page, once.
 */
function RedirectRemembering({ to, signedIn }: { to: string; signedIn: boolean }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (!signedIn) recordarDestino(`${pathname}${search}`);
    const fromLogin = signedIn && /^\/registro(\/|$)/i.test(pathname);
    navigate((fromLogin && tomarDestino()) || to, { replace: true });
  }, [signedIn, pathname, search, navigate, to]);
  return <PageLoader />;
}

/** A student or tutor without an enrolment cannot proceed (spec section 5): the message, then their enrolments. */
function EnrolmentRedirect({ message, to }: { message: string; to: string }) {
  useEffect(() => notifyError(message), [message]);
  return <Navigate to={to} replace />;
}

function StartupError({ message, retry }: { message: string; retry: () => void }) {
  usePageTitle('Error');
  return (
    <Center mih="80vh">
      <Stack align="center" maw={480} p="md">
        <Text ta="center">{message}</Text>
        <Button onClick={retry}>Reintentar</Button>
      </Stack>
    </Center>
  );
}

/**
 * The one route of the router: rewrites hash URLs, waits for the company context, then asks the route tables
 * (packages/domain/navigation) what the path does for this session and renders, redirects or logs out.
 */
export function Gate() {
  const location = useLocation();
  const { state, retry } = useSession();
  const rewritten = rewriteHashUrl(location.pathname, location.hash);
  const info = state.status === 'ready' ? state.info : null;
  const decision = resolveRoute(location.pathname, info);
  useRouteTitle(decision.kind === 'render' ? decision.route.title : undefined);

  if (rewritten) return <Navigate to={rewritten} replace />;
  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'error') return <StartupError message={state.message} retry={retry} />;
  if (decision.kind === 'redirect') {
    return <RedirectRemembering key={location.key} to={`${decision.to}`} signedIn={state.status === 'ready'} />;
  }
  if (decision.kind === 'logout') return <LogoutRedirect />;

  const enrolment = info ? enrolmentRequired(info, decision.action) : null;
  if (enrolment) return <EnrolmentRedirect message={enrolment.message} to={enrolment.to} />;

  const segments = splitPath(location.pathname);
  if (state.status !== 'ready') {
    return (
      <Suspense fallback={<PageLoader />}>
        <PublicScreen action={decision.action} segments={segments} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <Shell table={decision.table} action={decision.action}>
        <Suspense fallback={<PageLoader />}>
          <LoggedScreen action={decision.action} segments={segments} route={decision.route} />
        </Suspense>
      </Shell>
    </Suspense>
  );
}
