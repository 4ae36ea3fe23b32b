import { ENTITIES } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { filtrosOf, listParams, readListState, totalText, writeListState } from './listState.ts';

const { centros, auditoria, usuarios } = ENTITIES;

describe('list state in the URL', () => {
  it('defaults: page 1, default order ascending, Baja false (Activo)', () => {
    const s = readListState(new URLSearchParams(), centros);
    expect(s).toEqual({ pagina: 1, orden: 'Val', desc: false, buscar: '', filtros: {}, baja: 'false' });
    expect(listParams(s, centros)).toEqual({
      Pagina: 1,
      TotalPagina: 50,
      Filtros: JSON.stringify({ Baja: false }),
      Orden: 'Val',
      Descendente: false,
    });
  });

  it('reads page, order, search and filters; unknown or unsortable values fall back', () => {
    const s = readListState(new URLSearchParams('pagina=3&orden=Desc&desc=1&buscar=cen&baja=todos&x=1'), centros);
    expect(s).toMatchObject({ pagina: 3, orden: 'Desc', desc: true, buscar: 'cen', baja: 'todos', filtros: {} });
    expect(readListState(new URLSearchParams('orden=Direccion&pagina=-2'), centros)).toMatchObject({
      orden: 'Val',
      pagina: 1,
    });
  });

  it('round-trips through the URL, keeping foreign parameters (tipomov)', () => {
    const s = readListState(new URLSearchParams('Accion=A&FechaDesde=2024-01-01&orden=Fecha&desc=1'), auditoria);
    const url = writeListState({ ...s, pagina: 2 }, auditoria, new URLSearchParams('tipomov=cobro&Accion=M'));
    expect(url.toString()).toBe('tipomov=cobro&pagina=2&desc=1&Accion=A&FechaDesde=2024-01-01');
    expect(readListState(url, auditoria)).toEqual({ ...s, pagina: 2 });
  });

  it('builds Filtros: Buscar, equality, ranges, typed values, Baja', () => {
    const s = readListState(
      new URLSearchParams('buscar=%20ana%20&Accion=A&IdRegistro=12&FechaDesde=2024-01-01&FechaHasta=2024-12-31'),
      auditoria,
    );
    expect(filtrosOf(s, auditoria)).toEqual({
      Buscar: 'ana',
      Accion: 'A',
      IdRegistro: 12,
      FechaDesde: '2024-01-01',
      FechaHasta: '2024-12-31',
    });
    const u = readListState(new URLSearchParams('FichajeActivo=true&baja=true'), usuarios);
    expect(filtrosOf(u, usuarios)).toEqual({ FichajeActivo: true, Baja: true });
    expect(filtrosOf(readListState(new URLSearchParams('baja=todos'), usuarios), usuarios)).toEqual({});
  });

  it('totals: "10.000+" when capped', () => {
    expect(totalText(10_000, true)).toBe('10.000+');
    expect(totalText(1, false)).toBe('1 registro');
    expect(totalText(1234, false)).toBe('1.234 registros');
  });
});
