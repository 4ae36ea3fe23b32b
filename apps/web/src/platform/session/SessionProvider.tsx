import { selectRouteTable } from '@faro/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, onSilentLogout } from '../api/client.ts';
import { ApiError, SilentLogout } from '../api/errors.ts';
import { preloadShell } from '../prefetch.ts';
import { forgetReferenceLists } from '../referenceCache.ts';
import {
  clearLocalData,
  clearTokens,
  hasTokens,
  loginPath,
  storeAlumno,
  storeCentro,
  storeCompanyCode,
  storedCentro,
  storedMatricula,
  storeMatricula,
  type TokenPair,
  writeTokens,
} from '../storage.ts';
import { contextoDelArranque, INFO_PATH } from './arranque.ts';
import type { ReadySession, SessionApi, SessionInfo, SessionState } from './types.ts';
import { recordarDestino } from './volver.ts';

export const SessionContext = createContext<SessionApi | null>(null);

/** The server keeps the centre in the token (its denials apply to the API): a new token pair for the centre. */
async function switchCentre(val: string): Promise<void> {
  writeTokens(await api.get<TokenPair>(`usuarios/usuario/cambiarcentro/${encodeURIComponent(val)}`));
}

function readyState(info: SessionInfo): ReadySession {
  const centros = info.Centros ?? [];
  const stored = storedCentro();
  const centro = centros.some((c) => c.Val === stored) ? (stored as string) : (centros[0]?.Val ?? '');
  if (centro !== stored) storeCentro(centro || null);
  const matriculas = info.Matriculas ?? [];
  const storedMat = storedMatricula();
  const selected = matriculas.find((m) => m.Codigo === storedMat) ?? matriculas[0];
  const matricula = selected?.Codigo ?? '';
  const alumno = selected?.CodAlumno ?? '';
  if (matricula !== storedMat) storeMatricula(matricula || null);
  storeAlumno(alumno || null);
  return { status: 'ready', info, table: selectRouteTable(info), centro, matricula, alumno };
}

/** Holds who is logged in: loads the company context at start-up (only when logged in) and on login. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() => (hasTokens() ? { status: 'loading' } : { status: 'anon' }));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const pathRef = useRef(location.pathname);
  pathRef.current = location.pathname;

  /** Loads the context; `pedido` is the one the entry module already asked for (a signed-in page load). */
  const load = useCallback(async (afterLogin = false, pedido: Promise<SessionInfo> | null = null) => {
    setState({ status: 'loading' });
    try {
      const info = await (pedido ?? api.get<SessionInfo>(INFO_PATH));
      const ready = readyState(info);
      // A new session starts in the company's first centre: move it to the remembered one.
      if (afterLogin && ready.centro && ready.centro !== info.Centros[0]?.Val) {
        await switchCentre(ready.centro).catch(() => undefined);
        // The context was read in the first centre; its Denegados are the remembered centre's now.
        const again = await api.get<SessionInfo>(INFO_PATH).catch(() => null);
        if (again) {
          setState(readyState(again));
          return;
        }
      }
      setState(ready);
    } catch (err) {
      if (err instanceof SilentLogout) setState({ status: 'anon' });
      else setState({ status: 'error', message: err instanceof ApiError ? err.message : String(err) });
    }
  }, []);

  const endSession = useCallback(() => {
    clearTokens();
    forgetReferenceLists();
    queryClient.clear();
    setState({ status: 'anon' });
    navigate(loginPath(), { replace: true });
  }, [navigate, queryClient]);

  useEffect(() => {
    if (!hasTokens()) return;
    preloadShell();
    void load(false, contextoDelArranque());
  }, [load]);

  // Signed out by force (refused token, expired session): the login brings this tab back to where it was.
  useEffect(
    () =>
      onSilentLogout(() => {
        recordarDestino(`${window.location.pathname}${window.location.search}`);
        endSession();
      }),
    [endSession],
  );

  const logout = useCallback(
    (options: { silent?: boolean } = {}) => {
      if (!options.silent && hasTokens()) {
        void api.post('usuarios/usuario/logout', undefined, { silent: true, background: true }).catch(() => {});
      }
      endSession();
    },
    [endSession],
  );

  const login = useCallback<SessionApi['login']>(
    async (tokens) => {
      writeTokens(tokens);
      queryClient.clear();
      await load(true);
    },
    [load, queryClient],
  );

  const setCentro = useCallback(
    async (val: string) => {
      if (state.status !== 'ready' || val === state.centro) return;
      try {
        await switchCentre(val);
      } catch {
        return;
      }
      storeCentro(val);
      if (pathRef.current === '/') {
        window.location.reload();
        return;
      }
      // The context's Denegados holds the denials of the token's centre: read it again for the new one.
      const info = await api.get<SessionInfo>(INFO_PATH).catch(() => null);
      setState(info ? readyState(info) : { ...state, centro: val });
      navigate('/');
    },
    [state, navigate],
  );

  /** Changing enrolment works like changing centre (spec section 4): stored, home, full reload when already there. */
  const setMatricula = useCallback(
    (codigo: string) => {
      if (state.status !== 'ready' || codigo === state.matricula) return;
      const selected = (state.info.Matriculas ?? []).find((m) => m.Codigo === codigo);
      if (!selected) return;
      storeMatricula(codigo);
      storeAlumno(selected.CodAlumno || null);
      if (pathRef.current === '/') {
        window.location.reload();
        return;
      }
      setState({ ...state, matricula: codigo, alumno: selected.CodAlumno });
      navigate('/');
    },
    [state, navigate],
  );

  const changeCompany = useCallback(
    async (idEmpresa: number, destino = '/') => {
      const answer = await api.get<{ Token: string; TokenRefresh: string; Expiracion: string; Contratado: unknown }>(
        `usuarios/usuario/cambiarempre/${idEmpresa}/web`,
      );
      const code = state.status === 'ready' ? state.info.Empresas.find((e) => e.Id === idEmpresa)?.Codigo : undefined;
      clearLocalData();
      queryClient.clear();
      writeTokens(answer);
      if (code) storeCompanyCode(code);
      // The first centre of the new company becomes the default when its context loads; a path of our own only.
      window.location.assign(destino.startsWith('/') && !destino.startsWith('//') ? destino : '/');
    },
    [state, queryClient],
  );

  const patchInfo = useCallback((patch: Partial<SessionInfo>) => {
    setState((s) => (s.status === 'ready' ? { ...s, info: { ...s.info, ...patch } } : s));
  }, []);

  const value = useMemo<SessionApi>(
    () => ({ state, login, logout, setCentro, setMatricula, changeCompany, patchInfo, retry: () => void load(false) }),
    [state, login, logout, setCentro, setMatricula, changeCompany, patchInfo, load],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}

/** The logged-in session; screens inside the shell only render when it is ready. */
export function useReady(): ReadySession {
  const { state } = useSession();
  if (state.status !== 'ready') throw new Error('useReady without a logged-in session');
  return state;
}
