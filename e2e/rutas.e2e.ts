import { type InfoEmpresa, ROUTES, resolveRoute } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, type Browser, e2eBaseURL, login, openBrowser, pathOf } from './browser.ts';
import { go, watchApi } from './navegacion.ts';

/**
 * Every route of the spec shows a real screen: each demo user signs in through the form and opens every route the
 * domain's guard lets it render (`resolveRoute` on its real company context), at `/{action}/lista`, navigating in
 * the app as the menu does (one page load per user); none may show 'En preparación', throw in the page or leave
 * the route. Together the users open every logged-in route (the two logged-out ones, registro and registroalu, have
 * their own journeys). Routes of another account type are not opened: the spec logs the user out there
 * (Gate.test.tsx), and repeated sign-ins would meet the throttle.
 */
/** The users, each in its own demo company (other journeys switch some of them to another company they belong to). */
const USUARIOS: { usuario: string; codigo?: string }[] = [
  { usuario: 'admin' },
  { usuario: 'demo', codigo: 'DEMO' },
  { usuario: 'academia', codigo: 'ACADEMIA' },
  { usuario: 'profesor', codigo: 'ACADEMIA' },
  { usuario: 'alumno' },
  { usuario: 'tutor', codigo: 'ACADEMIA' },
  { usuario: 'autoescuela', codigo: 'AUTOESCUELA' },
  { usuario: 'alumnoae' },
  { usuario: 'dental', codigo: 'DENTAL' },
  { usuario: 'asesoria', codigo: 'ASESORIA' },
];

describe('every route of the spec opens a real screen', () => {
  let b: Browser;
  const abiertas = new Set<string>();
  beforeAll(async () => {
    b = await openBrowser(e2eBaseURL());
  });
  afterAll(async () => {
    await b?.close();
  });

  // An office user of a driving school renders ~90 routes; two journeys run at once in CI.
  it.each(USUARIOS)(
    '$usuario opens every route its guard renders',
    { timeout: 300_000 },
    async ({ usuario, codigo }) => {
      await login(b, usuario, undefined, codigo);
      const { page } = b;
      const api = watchApi(page);
      const info = await apiGet<InfoEmpresa>(page, 'usuarios/usuario/infoempre');
      const errores: string[] = [];
      page.on('pageerror', (e) => errores.push(String(e).slice(0, 200)));
      const problemas: string[] = [];
      for (const action of Object.keys(ROUTES)) {
        const ruta = action === '' ? '/' : `/${action}/lista`;
        if (resolveRoute(ruta, info).kind !== 'render') continue;
        const abrir = async () => {
          errores.length = 0;
          await go(page, ruta);
          // The screen's lazy chunk (the loader is aria-busy until it comes), then its API calls.
          await page
            .locator('[aria-busy="true"]')
            .first()
            .waitFor({ state: 'detached', timeout: 15_000 })
            .catch(() => {});
          await api.settled();
          return pathOf(page);
        };
        const suya = (camino: string) => (action === '' ? camino === '/' : camino.startsWith(`/${action}`));
        let camino = await abrir();
        // A redirect the previous screen started late (its own <Navigate> after its chunk came) lands after this push:
        // once more, and a guard's redirect would show again.
        if (!suya(camino)) camino = await abrir();
        const preparacion = await page.getByText('En preparación').count();
        if (!suya(camino)) problemas.push(`${ruta} → ${camino}`);
        else if (preparacion) problemas.push(`${ruta}: En preparación`);
        else if (errores.length) problemas.push(`${ruta}: ${errores[0]}`);
        else abiertas.add(action);
      }
      expect(problemas).toEqual([]);
    },
  );

  it('together the demo users opened every logged-in route', () => {
    const sinAbrir = Object.entries(ROUTES)
      .filter(([action, r]) => r.guard !== 'anon' && !abiertas.has(action))
      .map(([action]) => action);
    expect(sinAbrir).toEqual([]);
    expect(abiertas.size).toBeGreaterThan(100);
  });
});
