import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/render.tsx';
import { writeTokens } from '../storage.ts';
import { adelantar, api, VIGENCIA_ADELANTO_MS } from './client.ts';

/** A token shaped as the server's (header.claims.signature) for a person, company and centre. */
const token = (emp: number, sub = 7, cen = 'C1') =>
  `h.${btoa(JSON.stringify({ sub, emp, cen, sid: 1 })).replace(/=+$/, '')}.firma`;
const entrar = (t: string) =>
  writeTokens({ Token: t, TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
const authOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('calls asked ahead of their screen', () => {
  it('the screen takes the answer asked ahead instead of calling again, whatever the order of its params', async () => {
    entrar(token(1));
    const { calls } = mockFetch({ 'GET ventas/fventa/list': (_i, u) => json(200, { Items: [u.search] }) });
    adelantar('ventas/fventa/list', { Pagina: 1, Orden: 'Fecha', Filtros: '{}' });
    expect(calls).toHaveLength(1);
    const r = await api.get<{ Items: string[] }>('ventas/fventa/list', {
      params: { Filtros: '{}', Pagina: 1, Orden: 'Fecha' },
    });
    expect(calls).toHaveLength(1);
    expect(r.Items[0]).toContain('Pagina=1');
    // Taken once: the next call (a refetch) goes to the server.
    await api.get('ventas/fventa/list', { params: { Filtros: '{}', Pagina: 1, Orden: 'Fecha' } });
    expect(calls).toHaveLength(2);
  });

  it("never hands one company's answer to another company's session", async () => {
    entrar(token(1));
    const { calls } = mockFetch({
      'GET informes/panel': (init) => json(200, { De: authOf(init) === `Bearer ${token(1)}` ? 'A' : 'B' }),
    });
    adelantar('informes/panel');
    // Another tab switched company before the screen asked: the token now speaks for company 2.
    entrar(token(2));
    expect(await api.get('informes/panel')).toEqual({ De: 'B' });
    expect(calls.map((c) => authOf(c.init))).toEqual([`Bearer ${token(1)}`, `Bearer ${token(2)}`]);
  });

  it('nor another centre of the same company', async () => {
    entrar(token(1, 7, 'C1'));
    const { calls } = mockFetch({ 'GET tesoreria/movstesoreria/saldos': () => json(200, { Items: [] }) });
    adelantar('tesoreria/movstesoreria/saldos');
    entrar(token(1, 7, 'C2'));
    await api.get('tesoreria/movstesoreria/saldos');
    expect(calls).toHaveLength(2);
  });

  it('a failed call asked ahead is asked again by the screen, which shows the error as always', async () => {
    entrar(token(1));
    let veces = 0;
    const { calls } = mockFetch({
      'GET tesoreria/remesas/list': () => (++veces === 1 ? json(500, { Mensaje: 'x' }) : json(200, { Items: [1] })),
    });
    adelantar('tesoreria/remesas/list', { Pagina: 1 });
    expect(await api.get('tesoreria/remesas/list', { params: { Pagina: 1 } })).toEqual({ Items: [1] });
    expect(calls).toHaveLength(2);
  });

  it('an answer no screen took in time is not used, and that call is not asked ahead again', async () => {
    vi.useFakeTimers();
    entrar(token(1));
    const { calls } = mockFetch({ 'GET asesorias/calendario': () => json(200, { Items: [] }) });
    adelantar('asesorias/calendario');
    await vi.advanceTimersByTimeAsync(VIGENCIA_ADELANTO_MS + 1);
    await api.get('asesorias/calendario');
    expect(calls).toHaveLength(2);
    adelantar('asesorias/calendario');
    expect(calls).toHaveLength(2);
  });

  it('signed out, nothing is asked ahead', () => {
    const { calls } = mockFetch({});
    adelantar('informes/panel');
    expect(calls).toHaveLength(0);
  });
});
