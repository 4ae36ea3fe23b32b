import { afterEach, describe, expect, it } from 'vitest';
import { destinoSeguro, recordarDestino, tomarDestino } from './volver.ts';

afterEach(() => sessionStorage.clear());

describe('the page to return to after signing in', () => {
  it('keeps a path of this app with its query and hash', () => {
    expect(destinoSeguro('/ventas/facturas/lista?Buscar=F0021#x')).toBe('/ventas/facturas/lista?Buscar=F0021#x');
  });

  it('refuses anything that could leave the origin, the public pages and the home', () => {
    for (const path of [
      'https://malicioso.example/',
      '//malicioso.example/x',
      '/\\malicioso.example',
      '\\\\malicioso.example',
      'javascript:alert(1)',
      '/%0a/x\n',
      'ventas/facturas',
      '/',
      '/registro/DEMO',
      '/contratacion/firmar/abc',
      '',
      null,
    ]) {
      expect(destinoSeguro(path), String(path)).toBeNull();
    }
  });

  it('is read once, and checked again when read', () => {
    recordarDestino('/usuario/fichajes');
    expect(tomarDestino()).toBe('/usuario/fichajes');
    expect(tomarDestino()).toBeNull();
    sessionStorage.setItem('faro.volver', '//malicioso.example');
    expect(tomarDestino()).toBeNull();
  });
});
