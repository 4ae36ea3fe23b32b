import { describe, expect, it } from 'vitest';
import { resolveRoute } from '../navigation/guards.ts';
import { GRUPOS_COMUNES } from '../navigation/menu.testkit.ts';
import { visibleMenu } from '../navigation/menu.ts';
import { tableHas } from '../navigation/tables.ts';
import { testContext } from '../navigation/testContext.ts';
import { MODULE_FLAG_LIST, type ModuleFlag } from '../session/companyContext.ts';
import {
  carasSchema,
  choquesCita,
  esPiezaFdi,
  nombreCara,
  PIEZAS_PERMANENTES,
  PIEZAS_TEMPORALES,
  planSchema,
} from './index.ts';

const mods = Object.fromEntries(MODULE_FLAG_LIST.map((m) => [m, true])) as Record<ModuleFlag, boolean>;

describe('FDI numbering and surfaces', () => {
  it('has 32 permanent and 20 deciduous teeth, nothing else', () => {
    expect(PIEZAS_PERMANENTES).toHaveLength(32);
    expect(PIEZAS_TEMPORALES).toHaveLength(20);
    expect([11, 18, 28, 38, 48, 51, 55, 85].every(esPiezaFdi)).toBe(true);
    expect([0, 10, 19, 49, 56, 86, 90].some(esPiezaFdi)).toBe(false);
  });
  it('names O incisal on front teeth and L palatal on the upper arch', () => {
    expect(nombreCara(11, 'O')).toBe('Incisal');
    expect(nombreCara(16, 'O')).toBe('Oclusal');
    expect(nombreCara(26, 'L')).toBe('Palatino');
    expect(nombreCara(36, 'L')).toBe('Lingual');
    expect(nombreCara(64, 'L')).toBe('Palatino');
  });
  it('refuses repeated or unknown surfaces', () => {
    expect(carasSchema.safeParse('MOD').success).toBe(true);
    expect(carasSchema.safeParse('MM').success).toBe(false);
    expect(carasSchema.safeParse('X').success).toBe(false);
  });
  it('refuses a plan line on a tooth outside FDI', () => {
    const r = planSchema.safeParse({ IdCliente: 1, Fecha: '2026-03-02', Lineas: [{ IdProducto: 1, Pieza: 19 }] });
    expect(r.success).toBe(false);
  });
});

describe('appointment clashes per dentist and chair', () => {
  const base = { Fecha: '2026-03-02', Hora: '10:00', Minutos: 30, IdDentista: 1, IdSillon: 1 };
  it('finds the dentist and the chair busy at overlapping times, not back to back', () => {
    const otras = [
      { ...base, Id: 1, IdSillon: 2 },
      { ...base, Id: 2, IdDentista: 2, Hora: '10:15' },
      { ...base, Id: 3, Hora: '10:30' },
      { ...base, Id: 4, Fecha: '2026-03-03' },
    ];
    expect(choquesCita(base, otras).map((c) => [c.Campo, c.con.Id])).toEqual([
      ['IdDentista', 1],
      ['IdSillon', 2],
    ]);
    expect(choquesCita({ ...base, Id: 1 }, [{ ...base, Id: 1 }])).toEqual([]);
  });
});

describe('the odontologia variant (docs/odontologia.md)', () => {
  const dental = testContext({ TipoCuenta: 'odontologia' });
  it('puts Clínica first and keeps the general areas', () => {
    const menu = visibleMenu('odontologia', dental);
    expect(menu.map((g) => g.title)).toEqual(['Clínica', 'Contactos', ...GRUPOS_COMUNES, 'Impuestos y contabilidad']);
    expect(menu[0]!.entries.map((e) => e.action)).toEqual([
      'pacientes',
      'citas',
      'odontograma',
      'planestrat',
      'tratamientos',
    ]);
    expect(menu.flatMap((g) => g.entries.map((e) => e.action))).not.toContain('matriculas');
  });
  it('hides the odontogram without the clinical permission', () => {
    const sin = testContext({ TipoCuenta: 'odontologia', Permisos: { ...dental.Permisos, OdonClinica: 0 } });
    expect(visibleMenu('odontologia', sin)[0]!.entries.map((e) => e.action)).not.toContain('odontograma');
  });
  it('leaves the general menu without the clinic and routes dental screens only for dental practices', () => {
    expect(visibleMenu('general', testContext()).map((g) => g.title)).not.toContain('Clínica');
    expect(tableHas('odontologia', 'fventa')).toBe(true);
    expect(tableHas('general', 'pacientes')).toBe(false);
    const dentista = { Roles: ['usuario' as const], TipoCuenta: 'odontologia' as const, Modulos: mods };
    expect(resolveRoute('/odontograma/lista', dentista)).toEqual(expect.objectContaining({ kind: 'render' }));
    expect(resolveRoute('/sillones/lista', dentista)).toEqual(expect.objectContaining({ kind: 'render' }));
    expect(resolveRoute('/odontograma/lista', { ...dentista, TipoCuenta: 'general' })).toEqual({ kind: 'logout' });
  });
});

describe('appointment instants in Spain', () => {
  it('turns a wall-clock time into UTC in summer and winter', async () => {
    const { instanteMadrid } = await import('./index.ts');
    expect(instanteMadrid('2026-07-01', '10:00')).toBe('2026-07-01T08:00:00.000Z');
    expect(instanteMadrid('2026-01-15', '09:30')).toBe('2026-01-15T08:30:00.000Z');
  });
});
