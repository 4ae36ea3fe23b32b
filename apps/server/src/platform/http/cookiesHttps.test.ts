import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/testApp.ts';
import { avisoUrlPublica } from './cookies.ts';

/**
 * Behind a proxy that ends TLS without saying so, an https FARO_PUBLIC_URL is what tells the server the browser
 * speaks https: every cookie goes `Secure` and every answer carries HSTS.
 */
const HSTS = 'max-age=31536000; includeSubDomains';
const cookiesDe = (headers: Record<string, unknown>) => [headers['set-cookie'] ?? []].flat().map(String);

let https: TestApp;
let http: TestApp;
beforeAll(async () => {
  https = await createTestApp({ publicUrl: 'https://faro.example.test' });
  http = await createTestApp();
});
afterAll(async () => {
  await https.close();
  await http.close();
});

describe('an https FARO_PUBLIC_URL', () => {
  it('makes the CSRF cookies of a first visit Secure and sends HSTS, on a plain-http socket', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/api/usuarios/registro/csrf' });
    const cookies = cookiesDe(res.headers);
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    for (const c of cookies) expect(c).toMatch(/;\s*Secure(;|$)/i);
    expect(res.headers['strict-transport-security']).toBe(HSTS);
  });

  it('makes every cookie of a sign-in Secure', async () => {
    const res = await https.call('POST', '/api/usuarios/registro/login', {
      Usuario: 'demo',
      Password: DEMO_PASSWORD,
      IdCliente: 'navegador-https',
    });
    expect(res.status).toBe(200);
    const cookies = cookiesDe(res.headers);
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    expect(cookies.filter((c) => !/;\s*Secure(;|$)/i.test(c))).toEqual([]);
    // One header per cookie: the Secure rule rewrites the list, it does not add to it.
    const nombres = cookies.map((c) => c.split('=')[0]);
    expect(new Set(nombres).size).toBe(nombres.length);
  });

  it('sends HSTS on refusals and unknown paths too', async () => {
    const refused = await https.call('GET', '/api/ventas/clientes/list');
    expect(refused.status).toBe(401);
    expect(refused.headers['strict-transport-security']).toBe(HSTS);
    const missing = await https.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(missing.headers['strict-transport-security']).toBe(HSTS);
  });
});

describe('an http FARO_PUBLIC_URL (development)', () => {
  it('keeps cookies without Secure and sends no HSTS on plain http', async () => {
    const res = await http.app.inject({ method: 'GET', url: '/api/usuarios/registro/csrf' });
    const cookies = cookiesDe(res.headers);
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    for (const c of cookies) expect(c).not.toMatch(/secure/i);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the start-up warning', () => {
  it('speaks in production when FARO_PUBLIC_URL is missing or not https, and only then', () => {
    expect(avisoUrlPublica({ NODE_ENV: 'production' })).toMatch(/^FARO_PUBLIC_URL no está definida/);
    expect(avisoUrlPublica({ NODE_ENV: 'production', FARO_PUBLIC_URL: 'http://erp.example.test' })).toMatch(
      /^FARO_PUBLIC_URL \(http:\/\/erp\.example\.test\) no es https/,
    );
    expect(avisoUrlPublica({ NODE_ENV: 'production', FARO_PUBLIC_URL: 'https://erp.example.test' })).toBeNull();
    expect(avisoUrlPublica({ NODE_ENV: 'development' })).toBeNull();
    expect(avisoUrlPublica({})).toBeNull();
  });
});
