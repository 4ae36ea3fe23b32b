import { MSG } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import type { TestApp } from '../../../test/testApp.ts';

const t = appDePruebas();

const info = (s: { request: TestApp['call'] }) => s.request('GET', '/api/usuarios/usuario/infoempre');

describe('usuario/infoempre', () => {
  it('gives the whole company context of the token’s company and user', async () => {
    const demo = await t.login('demo');
    const { status, body } = await info(demo);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      CodigoEmpresa: 'DEMO',
      NombreEmpresa: 'Comercial Demo SL',
      UserName: 'demo',
      Propietario: true,
      EntidadPruebas: true,
      CondicionesAceptadas: true,
      TipoCuenta: 'general',
      Roles: ['usuario'],
      Centros: [
        { Val: 'CENTRAL', Desc: 'Central' },
        { Val: 'SUCURSAL', Desc: 'Sucursal' },
      ],
      DenegadosCentro: { SUCURSAL: ['VentasFact'] },
      FichajeActivo: true,
      EstadoFichaje: '',
    });
    expect(body.Modulos.ActPresupuestos).toBe(true);
    expect(body.Permisos.ConfUsuarios).toBe(3);
    expect(body.Empresas.map((e: { Codigo: string }) => e.Codigo).sort()).toEqual(['DEMO', 'DEMO2']);
  });

  it('carries every field of the spec’s company context (section 3) with its type', async () => {
    const { body } = await info(await t.login('demo'));
    const numbers = ['IdEmpresa', 'DecimalesRedondeo', 'DigitosContables'];
    const strings = [
      'CodigoEmpresa',
      'NombreUsuario',
      'UserName',
      'NombreEmpresa',
      'NIF',
      'CuentaCompras',
      'CuentaGastos',
      'CuentaVentasProductos',
      'CuentaVentasServicios',
      'TipoCuenta',
      'TipoFacturaElectronica',
      'Tributacion',
      'VersionApi',
      'VersionApiVentas',
      'CodigoEmpleado',
    ];
    const booleans = [
      'Propietario',
      'EntidadPruebas',
      'RecargoEquivalencia',
      'DireccionEnvioDefecto',
      'CondicionesAceptadas',
      'FichajeActivo',
      'SoloFichaje',
    ];
    for (const k of numbers) expect(typeof body[k], k).toBe('number');
    for (const k of strings) expect(typeof body[k], k).toBe('string');
    for (const k of booleans) expect(typeof body[k], k).toBe('boolean');
    expect([0, 1]).toContain(body.ActAues);
    expect(['tbai', 'lroe', 'verifactu', '']).toContain(body.TipoFacturaElectronica);
    for (const k of ['Roles', 'Denegados', 'Centros', 'RecursosRestringidos']) {
      expect(Array.isArray(body[k]), k).toBe(true);
    }
    // The thirteen activation flags of section 3, each a boolean.
    expect(Object.keys(body.Modulos).sort()).toEqual(
      [
        'ActPresupuestos',
        'ActPedidos',
        'ActAlbaranes',
        'ActFactRecurrentes',
        'ActVentasSimplificadas',
        'ActPedidosCompra',
        'ActAlbaranesCompra',
        'ActComprasRecurrentes',
        'ActStock',
        'ActComerciales',
        'ActCuentaContable',
        'ActCrm',
        'ActPortalCliente',
      ].sort(),
    );
    for (const v of Object.values(body.Modulos)) expect(typeof v).toBe('boolean');
  });

  it('applies the profile of a non-owner and the terms flag of a pending company', async () => {
    const empleado = await info(await t.login('empleado'));
    expect(empleado.body.Propietario).toBe(false);
    expect(empleado.body.Permisos.VentasPresup).toBe(3);
    expect(empleado.body.Permisos.VentasFact).toBe(2);
    expect(empleado.body.Permisos.ConfEmpresa).toBe(0);
    const pendiente = await info(await t.login('pendiente'));
    expect(pendiente.body.CondicionesAceptadas).toBe(false);
    const fichaje = await info(await t.login('fichaje'));
    expect(fichaje.body).toMatchObject({ Roles: ['reghorario'], SoloFichaje: true });
  });

  it('gives a platform administrator a context with no company', async () => {
    const { body } = await info(await t.login('admin'));
    expect(body).toMatchObject({ Roles: ['admin'], IdEmpresa: 0, Centros: [] });
  });
});

describe('usuario/cambiarempre and cambiarcentro', () => {
  it('switches to another company of the user and refuses one they do not belong to', async () => {
    const demo = await t.login('demo');
    const demo2 = (await info(demo)).body.Empresas.find((e: { Codigo: string }) => e.Codigo === 'DEMO2');
    const res = await demo.request('GET', `/api/usuarios/usuario/cambiarempre/${demo2.Id}/web`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      Token: expect.any(String),
      TokenRefresh: expect.any(String),
      Expiracion: expect.any(String),
      Contratado: true,
    });
    expect((await info(t.session(res.body.Token))).body.CodigoEmpresa).toBe('DEMO2');

    const academia = await demo.request('GET', '/api/usuarios/usuario/cambiarempre/3/web');
    expect(academia.status).toBe(404);
    expect(academia.body.Mensaje).toBe(MSG.notFound);
    expect((await demo.request('GET', '/api/usuarios/usuario/cambiarempre/abc/web')).status).toBe(404);
  });

  it('lets an advisory firm enter the companies it serves, read-only, and no others', async () => {
    const asesoria = await t.login('asesoria');
    const demo = await asesoria.request('GET', '/api/usuarios/usuario/cambiarempre/1/web');
    expect(demo.status).toBe(200);
    const ctx = await info(t.session(demo.body.Token));
    expect(ctx.body).toMatchObject({ CodigoEmpresa: 'DEMO', Roles: ['asesoria'] });
    expect(ctx.body.Permisos.ConClientes).toBe(1);
    expect((await asesoria.request('GET', '/api/usuarios/usuario/cambiarempre/4/web')).status).toBe(404);
  });

  it('switches centre, and a feature denied in the centre drops to level 0', async () => {
    // demo last used DEMO2 (test above): the company code of the branded login picks DEMO again.
    const demo = await t.login('demo', undefined, { CodigoEmpresa: 'DEMO' });
    const res = await demo.request('GET', '/api/usuarios/usuario/cambiarcentro/SUCURSAL');
    expect(res.status).toBe(200);
    const sucursal = t.session(res.body.Token);
    expect((await info(sucursal)).body.Permisos.VentasFact).toBe(0);
    expect((await info(demo)).body.Permisos.VentasFact).toBe(3);
    expect((await demo.request('GET', '/api/usuarios/usuario/cambiarcentro/NOEXISTE')).status).toBe(404);
  });
});

describe('usuario/cambiarcontrasena', () => {
  it('applies the spec rules with their Spanish messages', async () => {
    const s = await t.login('tutor');
    const cases: [unknown, string, string][] = [
      [{ PasswordActual: 'Demo1234', NuevoPassword: '' }, 'NuevoPassword', 'Nueva contraseña es obligatorio'],
      [
        { PasswordActual: 'Demo1234', NuevoPassword: 'Ab1' },
        'NuevoPassword',
        'Nueva contraseña debe contener mínimo 8 caracteres',
      ],
      [
        { PasswordActual: 'Demo1234', NuevoPassword: `Ab1${'x'.repeat(48)}` },
        'NuevoPassword',
        'Nueva contraseña debe contener máximo 50 caracteres',
      ],
      [{ PasswordActual: 'Demo1234', NuevoPassword: 'sinmayusculas1' }, 'NuevoPassword', 'El formato es incorrecto'],
      [
        { PasswordActual: 'Otra1234', NuevoPassword: 'Nueva1234' },
        'PasswordActual',
        'La contraseña actual no es correcta',
      ],
    ];
    for (const [body, campo, mensaje] of cases) {
      const res = await s.request('POST', '/api/usuarios/usuario/cambiarcontrasena', body);
      expect(res.status).toBe(400);
      expect(res.body.Errores).toContainEqual({ Campo: campo, Mensaje: mensaje });
    }
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const other = await t.login('tutor');
    const s = await t.login('tutor');
    const res = await s.request('POST', '/api/usuarios/usuario/cambiarcontrasena', {
      PasswordActual: 'Demo1234',
      NuevoPassword: 'Nueva1234',
    });
    expect(res.status).toBe(200);
    expect(res.body.Mensaje).toBe('La contraseña se ha actualizado correctamente');
    expect((await info(s)).status).toBe(200);
    expect((await info(other)).status).toBe(401);
    await expect(t.login('tutor', 'Nueva1234')).resolves.toBeTruthy();
    await expect(t.login('tutor', 'Demo1234')).rejects.toThrow(/400/);
  });
});

describe('other context calls', () => {
  it('serves calendar colours, the company data texts and a company logo by code', async () => {
    const s = await t.login('alumno');
    const cal = await s.request('GET', '/api/usuarios/usuario/configcal');
    expect(Object.keys(cal.body).sort()).toEqual(['llamada', 'mensaje', 'otros', 'reunion', 'tarea']);
    const datos = await s.request('GET', '/api/formacion/portalalu/principal/datosempresa');
    expect(datos.body.PolDevoluciones).toContain('14 días');
    const logo = await t.call('GET', '/api/usuarios/registro/obtenerlogo?Codigo=academia');
    expect(logo.body).toEqual({ Codigo: 'ACADEMIA', Nombre: 'Academia Demo Formación SL', Logo: null });
    expect((await t.call('GET', '/api/usuarios/registro/obtenerlogo?Codigo=NOEXISTE')).status).toBe(404);
  });
});
