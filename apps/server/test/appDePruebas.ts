import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config.ts';
import { createTestApp, type Session, type TestApp } from './testApp.ts';

/** The test app of one file, plus `sesion(...)`: sessions opened right after the app is built. */
export interface AppDePruebas extends TestApp {
  /** A session of a member (as `as`), opened before the file's tests; read it inside tests and hooks. */
  sesion(userName: string, empresaCodigo?: string, centro?: string): Session;
}

/**
 * The app every test of a file shares: built (with its sessions) before the file's first test and closed after the
 * last. Declared at the top of the file, so its hook runs before the file's own `beforeAll`s, which can use it:
 *
 *   const t = appDePruebas();
 *   const demo = t.sesion('demo', 'DEMO');
 */
export function appDePruebas(overrides: Partial<Config> = {}): AppDePruebas {
  let actual: TestApp | undefined;
  const pendientes: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    actual = await createTestApp(overrides);
    for (const abrir of pendientes) await abrir();
  });
  afterAll(() => actual?.close());
  const app = () => {
    if (!actual) throw new Error('La app de pruebas aún no está construida (úsala dentro de una prueba o un hook)');
    return actual;
  };
  return conLecturas(
    {
      call: (...args) => app().call(...args),
      login: (...args) => app().login(...args),
      session: (...args) => app().session(...args),
      as: (...args) => app().as(...args),
      close: () => app().close(),
      sesion(userName, empresaCodigo, centro) {
        let abierta: Session | undefined;
        pendientes.push(async () => {
          abierta = await app().as(userName, empresaCodigo, centro);
        });
        const sesion = () => {
          if (!abierta) throw new Error(`La sesión de ${userName} aún no está abierta`);
          return abierta;
        };
        const peticiones: Pick<Session, 'request'> = { request: (...args) => sesion().request(...args) };
        return conLecturas(peticiones, sesion, ['token', 'refresh']);
      },
    } satisfies Omit<AppDePruebas, 'app' | 'deps' | 'database' | 'config' | 'engine'>,
    app,
    ['app', 'deps', 'database', 'config', 'engine'],
  );
}

/**
 * `objeto` with a getter per name of `claves` that reads it from `de()` when used: what the file's hooks build
 * exists only once they have run, so reading it earlier fails with `de`'s message instead of a stale value.
 */
function conLecturas<O extends object, T, K extends keyof T>(
  objeto: O,
  de: () => T,
  claves: readonly K[],
): O & Pick<T, K> {
  for (const clave of claves)
    Object.defineProperty(objeto, clave, { get: () => de()[clave], enumerable: true, configurable: true });
  return objeto as O & Pick<T, K>;
}
