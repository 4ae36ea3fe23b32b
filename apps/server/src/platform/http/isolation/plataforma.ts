import { expect } from 'vitest';
import type { Answer, IsolationArea } from './types.ts';

/**
 * Platform administration, advisory firms, contracting. B (AUTOESCUELA) gets a platform notice addressed
 * to driving schools only and sends a request to the demo advisory firm, both carrying the sentinel. Admin routes
 * answer 403 to A (a company owner); advisory routes answer 404 to A (not a firm); contract links are secrets (a
 * made-up token is 404).
 */
let bAviso = 0;
let bSolicitud = 0;
let asesoriaId = 0;

export const plataformaIsolation: IsolationArea = {
  async seedB(ctx) {
    const admin = await ctx.t.as('admin');
    const aviso = await admin.request('POST', '/api/usuarios/administrador/admnotifica/save', {
      Titulo: ctx.sentinel,
      Texto: ctx.sentinel,
      Prioridad: 'a',
      TiposCuenta: ['autoescuela'],
    });
    expect(aviso.status, JSON.stringify(aviso.body)).toBe(201);
    bAviso = aviso.body.Id;
    const [firma] = await ctx.t.database.query<{ id: number }>(
      "select id::int as id from empresas where codigo = 'ASESORIA'",
    );
    asesoriaId = firma!.id;
    bSolicitud = (await ctx.postB(`/api/asesorias/asesorias/solicitar/${asesoriaId}`, { Mensaje: ctx.sentinel })).Id;
  },
  explicit(ctx) {
    const calls: Record<string, () => Promise<Answer>> = {};
    const admin = (method: string, url: string) => {
      calls[`${method} ${url}`] = () =>
        ctx.a.request(
          method,
          url.replace(/:\w+/g, String(ctx.bEmpresaId)),
          method === 'GET' || method === 'DELETE' ? undefined : {},
        );
    };
    const adm = '/api/usuarios/administrador';
    for (const r of ['admempresas', 'admvideoscat', 'admvideoscont']) {
      admin('GET', `${adm}/${r}/edit/:id`);
      admin('PUT', `${adm}/${r}/save/:id`);
    }
    for (const r of ['admvideoscat', 'admvideoscont', 'admnotifica']) admin('DELETE', `${adm}/${r}/delete/:id`);
    for (const a of ['suspender', 'produccion', 'contrato', 'facturarcuota'])
      admin('POST', `${adm}/admempresas/${a}/:id`);
    const u = `${adm}/admusuarios`;
    admin('GET', `${u}/edit/:empresa/:id`);
    admin('POST', `${u}/save/:empresa`);
    admin('PUT', `${u}/save/:empresa/:id`);
    admin('DELETE', `${u}/delete/:empresa/:id`);
    admin('POST', `${u}/cambiarcontrasena/:id`);
    admin('GET', `${u}/listcontratos/:id`);
    admin('POST', `${u}/enviarcontrato/:id/:contrato`);
    admin('GET', `${u}/actcontrato/:id/:contrato`);
    admin('GET', `${u}/printcopiaclie/:id/:contrato`);
    // B's notice, B's request, B's company, through A's session: not found.
    calls['POST /api/usuarios/usuario/avisosplataforma/leido/:id'] = () =>
      ctx.a.request('POST', `/api/usuarios/usuario/avisosplataforma/leido/${bAviso}`);
    for (const a of ['aceptar', 'rechazar'])
      calls[`POST /api/asesorias/asesolicitud/${a}/:id`] = () =>
        ctx.a.request('POST', `/api/asesorias/asesolicitud/${a}/${bSolicitud}`, { Nivel: 3, Motivo: 'x' });
    calls['POST /api/asesorias/aseempresas/entrar/:id'] = () =>
      ctx.a.request('POST', `/api/asesorias/aseempresas/entrar/${ctx.bEmpresaId}`);
    calls['PUT /api/asesorias/aseusuarios/asignar/:id'] = () =>
      ctx.a.request('PUT', '/api/asesorias/aseusuarios/asignar/1', { Clientes: [ctx.bEmpresaId] });
    calls['POST /api/asesorias/asesorias/solicitar/:id'] = () =>
      ctx.a.request('POST', `/api/asesorias/asesorias/solicitar/${ctx.bEmpresaId}`, {});
    // A fee invoice is read only for the caller's own company: A has none for any month.
    calls['GET /api/usuarios/usuario/contratado/factura/:periodo'] = () =>
      ctx.a.request('GET', '/api/usuarios/usuario/contratado/factura/2026-01');
    // Contract links are secrets: a token nobody was given.
    const token = 'token-que-nadie-recibio';
    calls['GET /api/usuarios/registro/contrato/:token'] = () =>
      ctx.a.request('GET', `/api/usuarios/registro/contrato/${token}`);
    calls['GET /api/usuarios/registro/contrato/:token/pdf'] = () =>
      ctx.a.request('GET', `/api/usuarios/registro/contrato/${token}/pdf`);
    calls['POST /api/usuarios/registro/contrato/:token/codigo'] = () =>
      ctx.a.request('POST', `/api/usuarios/registro/contrato/${token}/codigo`, {});
    calls['POST /api/usuarios/registro/contrato/:token/firmar'] = () =>
      ctx.a.request('POST', `/api/usuarios/registro/contrato/${token}/firmar`, { Firmante: 'X', Codigo: '123456' });
    return calls;
  },
  async verifyB(ctx) {
    const avisos = await ctx.b.request('GET', '/api/usuarios/usuario/avisosplataforma');
    const mine = avisos.body.Items.find((x: { Id: number }) => x.Id === bAviso);
    expect(mine, 'B still has its notice').toBeTruthy();
    expect(mine.Leido, 'B’s notice still unread').toBeNull();
    const firma = await ctx.t.as('asesoria', 'ASESORIA');
    const sol = await firma.request('GET', '/api/asesorias/asesolicitud/list');
    const row = sol.body.Items.find((x: { Id: number }) => x.Id === bSolicitud);
    expect(row?.Estado).toBe('pendiente');
  },
};
