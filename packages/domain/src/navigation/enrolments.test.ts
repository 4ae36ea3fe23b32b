import { describe, expect, it } from 'vitest';
import { MSG } from '../validation/messages.ts';
import { enrolmentRequired } from './enrolments.ts';
import { testContext } from './testContext.ts';

const one = [{ Codigo: 'M1', CodAlumno: 'A1', Desc: 'Inglés B2 · 2026/27' }];

describe('enrolmentRequired (spec section 5)', () => {
  it.each([
    ['student of an academy, none', ['alumno'], 'academia', [], '', '/portalumatriculas/nuevo'],
    ['student of a driving school, none', ['alumno'], 'autoescuela', [], 'portalusaldo', '/portalumatriculas/nuevo'],
    ['tutor of an academy, none', ['tutor'], 'academia', [], '', '/portalumatriculas/lista'],
    ['student with one', ['alumno'], 'academia', one, '', null],
    ['student already on the enrolment route', ['alumno'], 'academia', [], 'portalumatriculas', null],
    ['office user of an academy', ['usuario'], 'academia', [], '', null],
    ['teacher of an academy', ['profesor'], 'academia', [], '', null],
    ['student of a general company', ['alumno'], 'general', [], '', null],
  ] as const)('%s', (_name, roles, tipo, matriculas, action, to) => {
    const ctx = testContext({ Roles: [...roles], TipoCuenta: tipo, Matriculas: [...matriculas] });
    const rule = enrolmentRequired(ctx, action);
    expect(rule?.to ?? null).toBe(to);
    if (to) expect(rule?.message).toBe('Previamente debes de dar de alta una matrícula');
    if (to) expect(rule?.message).toBe(MSG.needsEnrolment);
  });
});
