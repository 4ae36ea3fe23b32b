import { describe, expect, it } from 'vitest';
import type { Rol } from '../session/roles.ts';
import { testContext } from './testContext.ts';
import {
  mustAcceptTerms,
  showCentreSelector,
  showEnrolmentSelector,
  showTestBanner,
  userMenuItems,
} from './userMenu.ts';

const keys = (Roles: Rol[], Propietario: boolean, FichajeActivo = false) =>
  userMenuItems(testContext({ Roles, Propietario, FichajeActivo })).map((i) => i.key);

describe('user menu per role (spec section 2)', () => {
  it.each([
    [
      'owner office user',
      ['usuario'],
      true,
      false,
      [
        'agenda',
        'configura',
        'gestordoc',
        'notificaciones',
        'cambiarEmpresa',
        'contratado',
        'datosEmpresa',
        'buscarAsesoria',
        'cambiarContrasena',
        'cerrarSesion',
      ],
    ],
    ['office user, not owner', ['usuario'], false, false, ['agenda', 'cambiarContrasena', 'cerrarSesion']],
    [
      'employee office user with time clock',
      ['usuario', 'empleado'],
      false,
      true,
      ['fichajes', 'agenda', 'cambiarContrasena', 'cerrarSesion'],
    ],
    ['time-clock-only', ['reghorario'], false, false, ['fichajes', 'cambiarContrasena', 'cerrarSesion']],
    ['student', ['alumno'], false, false, ['agenda', 'cambiarContrasena', 'cerrarSesion']],
    ['tutor', ['tutor'], false, false, ['agenda', 'cambiarContrasena', 'cerrarSesion']],
    ['teacher', ['profesor'], false, false, ['cambiarContrasena', 'cerrarSesion']],
    [
      'owner advisory firm',
      ['asesoria'],
      true,
      false,
      ['cambiarEmpresa', 'aseUsuarios', 'aseDatos', 'buscarAsesoria', 'cambiarContrasena', 'cerrarSesion'],
    ],
    ['admin', ['admin'], false, false, ['cambiarContrasena', 'cerrarSesion']],
  ] as [string, Rol[], boolean, boolean, string[]][])('%s', (_n, roles, owner, clock, expected) => {
    expect(keys(roles, owner, clock)).toEqual(expected);
  });

  it("'Buscar asesoría' is the client company's screen: its owners get it, other office users do not", () => {
    const owner = userMenuItems(testContext({ Roles: ['usuario'], Propietario: true }));
    expect(owner.find((i) => i.key === 'buscarAsesoria')).toEqual({
      key: 'buscarAsesoria',
      label: 'Buscar asesoría',
      href: '/asesorias/lista',
    });
    expect(keys(['usuario'], false)).not.toContain('buscarAsesoria');
    expect(keys(['usuario', 'empleado'], false, true)).not.toContain('buscarAsesoria');
  });

  it('links of the items', () => {
    const items = userMenuItems(
      testContext({ Roles: ['usuario', 'asesoria'], Propietario: true, FichajeActivo: true }),
    );
    const href = Object.fromEntries(items.map((i) => [i.key, i.href]));
    expect(href).toMatchObject({
      fichajes: '/usuario/fichajes',
      agenda: '/usuario/agenda',
      configura: '/configura/lista',
      gestordoc: '/gestordoc/lista',
      notificaciones: '/usuario/notificaciones',
      cambiarEmpresa: '/empresa/lista',
      contratado: '/contratado/lista',
      aseUsuarios: '/aseusuarios/lista',
      aseDatos: '/aseconfigura/editar',
      buscarAsesoria: '/asesorias/lista',
    });
  });
});

describe('top bar rules', () => {
  it('centre selector for multi-centre users', () => {
    expect(showCentreSelector(testContext())).toBe(false);
    expect(
      showCentreSelector(
        testContext({
          Centros: [
            { Val: 'A', Desc: 'a' },
            { Val: 'B', Desc: 'b' },
          ],
        }),
      ),
    ).toBe(true);
  });
  it('enrolment selector for students with several enrolments', () => {
    expect(showEnrolmentSelector(testContext({ Roles: ['alumno'] }), 2)).toBe(true);
    expect(showEnrolmentSelector(testContext({ Roles: ['alumno'] }), 1)).toBe(false);
    expect(showEnrolmentSelector(testContext({ Roles: ['usuario'] }), 2)).toBe(false);
  });
  it("the 'Aviso Legal' modal for office and advisory users without accepted terms", () => {
    expect(mustAcceptTerms(testContext({ CondicionesAceptadas: false }))).toBe(true);
    expect(mustAcceptTerms(testContext({ CondicionesAceptadas: false, Roles: ['asesoria'] }))).toBe(true);
    expect(mustAcceptTerms(testContext({ CondicionesAceptadas: false, Roles: ['alumno'] }))).toBe(false);
    expect(mustAcceptTerms(testContext({ CondicionesAceptadas: true }))).toBe(false);
  });
  it('test banner for test entities', () => {
    expect(showTestBanner(testContext({ EntidadPruebas: true }))).toBe(true);
    expect(showTestBanner(testContext())).toBe(false);
  });
});
