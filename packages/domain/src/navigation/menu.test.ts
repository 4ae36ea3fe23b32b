import { describe, expect, it } from 'vitest';
import { GRUPOS_COMUNES } from './menu.testkit.ts';
import { buildMenu, menuHref, visibleMenu } from './menu.ts';
import { testContext } from './testContext.ts';

const titles = (groups: { title: string }[]) => groups.map((g) => g.title);
const actions = (groups: { entries: { action: string }[] }[]) => groups.flatMap((g) => g.entries.map((e) => e.action));
/** The spec's groups: the menu less the group added beyond it (tested on its own below). */
const specMenu = (...args: Parameters<typeof visibleMenu>) => visibleMenu(...args).filter((g) => g.id !== 'impuestos');

describe('left menu variants (spec section 2)', () => {
  it('general business variant: no student, course or exam items', () => {
    const menu = specMenu('general', testContext());
    expect(titles(menu)).toEqual(['Contactos', ...GRUPOS_COMUNES]);
    expect(actions(menu)).toEqual([
      'clientes',
      'clientespot',
      'proveedores',
      'pventa',
      'dventa',
      'aventa',
      'fventa',
      'fventarec',
      'factemitidas',
      'fventaverifactu',
      'fventavisorvf',
      'fventaefactura',
      'movstesoreriac',
      'crmoportuni',
      'crmembudos',
      'correos',
      'sms',
      'productos',
      'familias',
      'tarifas',
      'almacenes',
      'dcompra',
      'acompra',
      'fcompra',
      'fcomprarec',
      'factrecibidas',
      'movstesoreriap',
      'empleados',
      'comerciales',
      'movstesoreria',
      'remesas',
      'arqueos',
    ]);
  });

  it("names the invoice list 'Facturas' and the tax books as books, so no two entries read as the same list", () => {
    const menu = specMenu('general', testContext());
    const nombres = (id: string) => menu.find((g) => g.id === id)!.entries.map((e) => e.name);
    expect(nombres('ventas').filter((n) => /factura/i.test(n))).toEqual([
      'Facturas',
      'Facturas recurrentes',
      'Libro de facturas emitidas',
      'Envíos de factura electrónica',
    ]);
    expect(nombres('compras').filter((n) => /factura/i.test(n))).toEqual([
      'Facturas y gastos',
      'Facturas recurrentes',
      'Libro de facturas recibidas',
    ]);
  });

  it('academy variant', () => {
    const menu = specMenu('academia', testContext({ TipoCuenta: 'academia' }));
    expect(titles(menu)).toEqual(['Contactos', 'Formación', ...GRUPOS_COMUNES]);
    const a = actions(menu);
    expect(a.slice(0, 7)).toEqual([
      'matriculas',
      'matriculasonline',
      'clientes',
      'clientespot',
      'tutores',
      'autorizados',
      'proveedores',
    ]);
    expect(menu[1]!.entries.map((e) => e.action)).toEqual(['cursos', 'tarifascurso', 'horario']);
    expect(a).toContain('cargos');
    expect(a).toContain('factcobros');
    expect(a).toContain('profesores');
    expect(a).not.toContain('calexamenes');
    expect(menu[0]!.entries[0]!.name).toBe('Alumnos');
  });

  it('driving-school variant adds curpermisos, clases and Exámenes', () => {
    const menu = specMenu('autoescuela', testContext({ TipoCuenta: 'autoescuela' }));
    expect(titles(menu)).toEqual(['Contactos', 'Formación', 'Exámenes', ...GRUPOS_COMUNES]);
    expect(menu[1]!.entries.map((e) => [e.action, e.name])).toEqual([
      ['cursos', 'Cursos'],
      ['tarifascurso', 'Tarifas de cursos'],
      ['horario', 'Horario'],
      ['curpermisos', 'Cursos de permisos'],
      ['clases', 'Calendario profesores'],
    ]);
    expect(menu[2]!.entries.map((e) => e.action)).toEqual(['calexamenes', 'imprexamenes', 'tasasdgt', 'citasaues']);
  });

  it("teacher 'Agenda' and student 'Mis gestiones'", () => {
    expect(
      visibleMenu('profesor', testContext({ TipoCuenta: 'academia' })).map((g) => [g.title, actions([g])]),
    ).toEqual([['Agenda', ['horario', 'alumnosprofe']]]);
    const ae = visibleMenu('profesor', testContext({ TipoCuenta: 'autoescuela' }));
    expect(ae[0]!.entries.map((e) => [e.action, e.name])).toEqual([
      ['horario', 'Horario'],
      ['alumnosprofe', 'Mis alumnos'],
      ['clases', 'Mi agenda'],
    ]);
    expect(
      visibleMenu('alumno', testContext({ TipoCuenta: 'academia', Permisos: {} as never })).map((g) => [
        g.title,
        actions([g]),
      ]),
    ).toEqual([
      [
        'Mis gestiones',
        [
          'portaluhorario',
          'portalusaldo',
          'portalufacturas',
          'portaluevaluaciones',
          'portaludocumentos',
          'portalumatriculas',
        ],
      ],
    ]);
  });

  it('admin and advisory menus', () => {
    const admin = visibleMenu('admin', testContext());
    expect(admin[0]!.entries.map((e) => e.route)).toEqual([
      'admempresas/lista',
      'adminformes/lista',
      'admexcep/lista',
      'admnotifica/lista',
      'admcontrato/editar',
      'admvideoscont/lista',
      'admversiones/editar',
    ]);
    const ase = visibleMenu('asesoria', testContext());
    expect(ase[0]!.entries.map((e) => [e.name, e.route])).toEqual([
      ['Empresas', 'aseempresas/lista'],
      ['Solicitudes recibidas', 'asesolicitud/lista'],
    ]);
  });

  it('no side menu for the time-clock-only table', () => {
    expect(visibleMenu(null, testContext())).toEqual([]);
  });
});

describe('menu visibility rules (spec section 4)', () => {
  const off = (flag: string) => testContext({ Modulos: { ...testContext().Modulos, [flag]: false } });
  it.each([
    ['ActPresupuestos', 'pventa'],
    ['ActPedidos', 'dventa'],
    ['ActAlbaranes', 'aventa'],
    ['ActFactRecurrentes', 'fventarec'],
    ['ActCrm', 'crmoportuni'],
    ['ActCrm', 'crmembudos'],
    ['ActPedidosCompra', 'dcompra'],
    ['ActAlbaranesCompra', 'acompra'],
    ['ActComprasRecurrentes', 'fcomprarec'],
    ['ActStock', 'almacenes'],
    ['ActComerciales', 'comerciales'],
  ])('module flag %s switches %s', (flag, action) => {
    expect(actions(visibleMenu('general', testContext()))).toContain(action);
    expect(actions(visibleMenu('general', off(flag)))).not.toContain(action);
  });

  it('electronic invoicing type switches LROE and VeriFactu entries', () => {
    const lroe = actions(visibleMenu('general', testContext({ TipoFacturaElectronica: 'lroe' })));
    expect(lroe).toContain('lroefactemitidas');
    expect(lroe).toContain('lroefactrecibidas');
    expect(lroe).not.toContain('fventaverifactu');
    const none = actions(visibleMenu('general', testContext({ TipoFacturaElectronica: '' })));
    expect(none.filter((a) => a.startsWith('lroe') || a.includes('verifactu') || a === 'fventavisorvf')).toEqual([]);
  });

  it('entries denied in the current centre are hidden, other centres unaffected', () => {
    const ctx = testContext({ DenegadosCentro: { C2: ['VentasFact'] } });
    expect(actions(visibleMenu('general', ctx, 'C2'))).not.toContain('fventa');
    expect(actions(visibleMenu('general', ctx, 'C1'))).toContain('fventa');
  });

  it('entries denied company-wide or with level 0 are hidden', () => {
    const denied = testContext({ Denegados: ['ConClientes'] });
    expect(actions(visibleMenu('general', denied))).not.toContain('clientes');
    const zero = testContext({ Permisos: { ...testContext().Permisos, ConProveedores: 0 } });
    expect(actions(visibleMenu('general', zero))).not.toContain('proveedores');
  });

  it('a group with no active entries is hidden (but listed inactive by buildMenu)', () => {
    const ctx = testContext({ Denegados: ['MarketCorreos'] });
    expect(titles(visibleMenu('general', ctx))).not.toContain('Marketing');
    const marketing = buildMenu('general', ctx).find((g) => g.id === 'marketing')!;
    expect(marketing.active).toBe(false);
    expect(marketing.entries.every((e) => !e.active)).toBe(true);
  });

  it('students: a denied portal entry is hidden', () => {
    const ctx = testContext({ TipoCuenta: 'academia', Denegados: ['ClieFacturas'] });
    expect(actions(visibleMenu('alumno', ctx))).not.toContain('portalufacturas');
  });
});

describe('menu links', () => {
  it('movstesoreriac and movstesoreriap carry tipomov', () => {
    const entries = visibleMenu('general', testContext()).flatMap((g) => g.entries);
    const href = (a: string) => menuHref(entries.find((e) => e.action === a)!);
    expect(href('movstesoreriac')).toBe('/movstesoreriac/lista?tipomov=cobro');
    expect(href('movstesoreriap')).toBe('/movstesoreriap/lista?tipomov=pago');
    expect(href('clientes')).toBe('/clientes/lista');
  });
});

describe('Impuestos y contabilidad (beyond the spec: its office menu has no entry for these routes)', () => {
  const group = (ctx: ReturnType<typeof testContext>) =>
    visibleMenu('general', ctx).find((g) => g.id === 'impuestos')?.entries ?? [];

  it('the owner and an adviser inside a client reach the tax models, accounting and reports from the menu', () => {
    expect(group(testContext()).map((e) => [e.id, e.name, menuHref(e), e.permission])).toEqual([
      ['modtributarios', 'Modelos tributarios', '/modtributarios/lista', 'ImptoEmit'],
      ['calendariofiscal', 'Calendario fiscal', '/calendariofiscal/lista', 'ImptoEmit'],
      ['comprobaciones', 'Comprobaciones anuales', '/modtributarios/comprobaciones', 'ImptoEmit'],
      ['contabilidad', 'Contabilidad', '/contabilidad/lista', 'ImptoEmit'],
      ['libro', 'Libro contable', '/contabilidad/libro', 'ImptoEmit'],
      ['cierre', 'Cierre del ejercicio', '/contabilidad/cierre', 'ImptoEmit'],
      ['inmovilizado', 'Inmovilizado', '/contabilidad/inmovilizado', 'ImptoEmit'],
      ['informes', 'Informes', '/contabilidad/informes', undefined],
    ]);
    const adviser = testContext({ Roles: ['asesoria'], Propietario: false });
    expect(group(adviser).map((e) => e.id)).toEqual([
      'modtributarios',
      'calendariofiscal',
      'comprobaciones',
      'contabilidad',
      'libro',
      'cierre',
      'inmovilizado',
      'informes',
    ]);
  });

  it('taxes and accounting follow ImptoEmit; reports show while any report code is open', () => {
    const sinImpuestos = testContext({ Permisos: { ...testContext().Permisos, ImptoEmit: 0 } });
    expect(group(sinImpuestos).map((e) => e.id)).toEqual(['informes']);
    const soloArqueos = testContext({
      Permisos: Object.fromEntries(Object.keys(testContext().Permisos).map((c) => [c, c === 'TesoArqueo' ? 1 : 0])),
    } as never);
    expect(group(soloArqueos).map((e) => e.id)).toEqual(['informes']);
    const ninguno = testContext({
      Permisos: Object.fromEntries(Object.keys(testContext().Permisos).map((c) => [c, 0])),
    } as never);
    expect(visibleMenu('general', ninguno).map((g) => g.id)).not.toContain('impuestos');
  });

  it('a code denied in the current centre hides its entries there', () => {
    const ctx = testContext({ DenegadosCentro: { C2: ['ImptoEmit'] } });
    expect(group({ ...ctx }).length).toBe(8);
    expect(
      visibleMenu('general', ctx, 'C2')
        .find((g) => g.id === 'impuestos')
        ?.entries.map((e) => e.id),
    ).toEqual(['informes']);
  });

  it('every office variant has it, after Tesorería', () => {
    for (const TipoCuenta of ['general', 'academia', 'autoescuela', 'odontologia'] as const) {
      const menu = visibleMenu(TipoCuenta, testContext({ TipoCuenta }));
      expect(menu.at(-1)?.title, TipoCuenta).toBe('Impuestos y contabilidad');
    }
  });
});
