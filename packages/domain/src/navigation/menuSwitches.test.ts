import { describe, expect, it } from 'vitest';
import type { ModuleFlag } from '../session/companyContext.ts';
import { visibleMenu } from './menu.ts';
import { testContext } from './testContext.ts';

const actions = (groups: { entries: { action: string }[] }[]) => groups.flatMap((g) => g.entries.map((e) => e.action));
const sin = (flag: ModuleFlag) => {
  const ctx = testContext({ TipoCuenta: 'autoescuela' });
  return testContext({ TipoCuenta: 'autoescuela', Modulos: { ...ctx.Modulos, [flag]: false } });
};

describe('menu visibility by company feature flags (spec section 4)', () => {
  it.each([
    ['ActPresupuestos', 'pventa'],
    ['ActPedidos', 'dventa'],
    ['ActAlbaranes', 'aventa'],
    ['ActFactRecurrentes', 'fventarec'],
    ['ActComprasRecurrentes', 'fcomprarec'],
    ['ActCrm', 'crmoportuni'],
    ['ActPedidosCompra', 'dcompra'],
    ['ActAlbaranesCompra', 'acompra'],
    ['ActStock', 'almacenes'],
    ['ActComerciales', 'comerciales'],
    ['ActPortalCliente', 'matriculasonline'],
  ] as [ModuleFlag, string][])('%s switches %s', (flag, action) => {
    const todos = testContext({ TipoCuenta: 'autoescuela' });
    expect(actions(visibleMenu('autoescuela', todos))).toContain(action);
    expect(actions(visibleMenu('autoescuela', sin(flag)))).not.toContain(action);
  });

  it('the client portal flag switches only the online enrolments, which arrive through the portal', () => {
    const con = actions(visibleMenu('academia', testContext({ TipoCuenta: 'academia' })));
    const sinPortal = actions(visibleMenu('academia', sin('ActPortalCliente')));
    expect(con.filter((a) => !sinPortal.includes(a))).toEqual(['matriculasonline']);
  });
});
