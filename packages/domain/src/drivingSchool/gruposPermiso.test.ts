import { describe, expect, it } from 'vitest';
import { CLASES_PERMISO } from '../entities/autoescuela.ts';
import { GRUPOS_PERMISO, grupoPermiso, LISTAS_AUTOESCUELA } from './listas.ts';

describe('driving-school licence groups (spec section 9: A, A1/A2, ADR, CAP, RPV, others)', () => {
  it('lists the spec groups in its order, the others last', () => {
    expect(GRUPOS_PERMISO.map((g) => g.value)).toEqual(['A', 'A1/A2', 'ADR', 'CAP', 'RPV', 'otros']);
    expect(GRUPOS_PERMISO.at(-1)).toEqual({ value: 'otros', label: 'Otros' });
    expect(LISTAS_AUTOESCUELA.grupospermiso.items).toBe(GRUPOS_PERMISO);
  });

  it('places every class or course a school sells in one group; RPV courses can be sold', () => {
    expect(CLASES_PERMISO.map((c) => c.value)).toContain('RPV');
    expect(grupoPermiso('A')).toBe('A');
    expect(grupoPermiso('A2-A')).toBe('A');
    expect(grupoPermiso('A1')).toBe('A1/A2');
    expect(grupoPermiso('A2')).toBe('A1/A2');
    expect(grupoPermiso('ADR')).toBe('ADR');
    expect(grupoPermiso('CAP')).toBe('CAP');
    expect(grupoPermiso('RPV')).toBe('RPV');
    expect(grupoPermiso('B')).toBe('otros');
    expect(grupoPermiso('C+E')).toBe('otros');
    const grupos = new Set(GRUPOS_PERMISO.map((g) => g.value));
    for (const c of CLASES_PERMISO) expect(grupos.has(grupoPermiso(c.value)), c.value).toBe(true);
  });
});
