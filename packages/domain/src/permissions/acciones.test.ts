import { describe, expect, it } from 'vitest';
import { testContext } from '../navigation/testContext.ts';
import { permisoEn } from './acciones.ts';

describe('permisoEn: what a level allows, the one reading of levels in the browser', () => {
  const ctx = (nivel: 0 | 1 | 2 | 3) => testContext({ Permisos: { ...testContext().Permisos, VentasFact: nivel } });

  it('maps levels to actions as the server guard does (1 list, 2 create/edit, 3 delete)', () => {
    const acciones = (n: 0 | 1 | 2 | 3) => {
      const p = permisoEn(ctx(n), 'VentasFact');
      return [p.ver, p.crear, p.editar, p.borrar];
    };
    expect(acciones(0)).toEqual([false, false, false, false]);
    expect(acciones(1)).toEqual([true, false, false, false]);
    expect(acciones(2)).toEqual([true, true, true, false]);
    expect(acciones(3)).toEqual([true, true, true, true]);
  });

  it('gives the Spanish reason of a refused action and none of an allowed one', () => {
    const p = permisoEn(ctx(1), 'VentasFact');
    expect(p.motivo('ver')).toBeNull();
    // Settings (VeriFactu's) need level 3 on the server, as deleting; the reason names what is refused.
    expect(permisoEn(ctx(2), 'VentasFact').motivo('configurar')).toContain('para configurar en «Facturas de venta»');
    expect(permisoEn(ctx(3), 'VentasFact').motivo('configurar')).toBeNull();
    expect(p.motivo('editar')).toBe('No tienes permiso para modificar en «Facturas de venta»: tu nivel es «Consultar»');
  });

  it('denials of the company or the centre and a module switched off leave no access', () => {
    expect(permisoEn(testContext({ Denegados: ['VentasFact'] }), 'VentasFact').nivel).toBe(0);
    expect(permisoEn(testContext({ DenegadosCentro: { C2: ['VentasFact'] } }), 'VentasFact', 'C2').nivel).toBe(0);
    expect(permisoEn(testContext({ DenegadosCentro: { C2: ['VentasFact'] } }), 'VentasFact', 'C1').nivel).toBe(3);
    const sinCrm = testContext({ Modulos: { ...testContext().Modulos, ActCrm: false } });
    expect(permisoEn(sinCrm, 'VentasCrmOport', undefined, 'ActCrm').motivo('ver')).toContain('no tienes acceso');
  });
});
