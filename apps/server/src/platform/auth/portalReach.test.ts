import { MSG } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { enOrdenDeRecorrido, llamar, nombreDe } from '../../../test/recorrerRutas.ts';

/**
 * Portal users — students, tutors, time-clock-only members — walk every registered route: what gets past the
 * guard (any answer but 401/403) must be in the reviewed list below, and the company's plan, contract,
 * data-processing agreement and fee invoices are never in it (only its configuration's readers see them).
 */
const t = appDePruebas();

const PORTAL = [
  ['alumno', 'ACADEMIA'],
  ['tutor', 'ACADEMIA'],
  ['alumnoae', 'AUTOESCUELA'],
  ['fichaje', 'DEMO'],
] as const;

/**
 * Their own session, account, context, agenda, notices and calendar colours; the students' portal pages (each
 * answers only the caller's own enrolments, documents and invoices); the time clock (time-clock members); the
 * company's public data sheet and logo; the driving school's fixed lists. The advisory firm's routes answer 404
 * to anyone without the asesoria role in an advisory firm (admin/http.ts firmaDe).
 */
const LEGIBLES: readonly string[] = [
  'GET /api/asesorias/aseconfigura/edit',
  'PUT /api/asesorias/aseconfigura/save',
  'POST /api/asesorias/aseempresas/entrar/:id',
  'GET /api/asesorias/aseempresas/list',
  'POST /api/asesorias/asesolicitud/aceptar/:id',
  'GET /api/asesorias/asesolicitud/list',
  'POST /api/asesorias/asesolicitud/rechazar/:id',
  'PUT /api/asesorias/aseusuarios/asignar/:id',
  'GET /api/asesorias/aseusuarios/clientes',
  'GET /api/asesorias/aseusuarios/list',
  'GET /api/asesorias/calendario',
  'GET /api/configuracion/empresa/logo',
  'GET /api/formacion/listas',
  'GET /api/formacion/portal/boletin/:id',
  'GET /api/formacion/portal/clases',
  'GET /api/formacion/portal/documentos',
  'POST /api/formacion/portal/documentos/:id',
  'GET /api/formacion/portal/documentos/:id/descargar',
  'GET /api/formacion/portal/evaluaciones',
  'GET /api/formacion/portal/facturas',
  'GET /api/formacion/portal/facturas/:id/pdf',
  'GET /api/formacion/portal/horario',
  'GET /api/formacion/portal/matriculas',
  'GET /api/formacion/portal/saldo',
  'GET /api/formacion/portalalu/principal/datosempresa',
  'GET /api/formacion/portalalu/principal/edit/:id',
  'GET /api/portalalu/principal/datosempresa',
  'GET /api/portalalu/principal/edit/:id',
  'POST /api/rrhh/fichajesusu/aceptar',
  'GET /api/rrhh/fichajesusu/ausencias',
  'POST /api/rrhh/fichajesusu/ausencias',
  'DELETE /api/rrhh/fichajesusu/ausencias/:id',
  'POST /api/rrhh/fichajesusu/correccion',
  'POST /api/rrhh/fichajesusu/correccion/aprobar/:id',
  'POST /api/rrhh/fichajesusu/correccion/rechazar/:id',
  'GET /api/rrhh/fichajesusu/correcciones',
  'GET /api/rrhh/fichajesusu/hoja',
  'GET /api/rrhh/fichajesusu/list',
  'GET /api/rrhh/fichajesusu/mes',
  'POST /api/rrhh/fichajesusu/save',
  'GET /api/usuarios/portal/datosempresa',
  'DELETE /api/usuarios/usuario/agenda/delete/:id',
  'GET /api/usuarios/usuario/agenda/edit/:id',
  'GET /api/usuarios/usuario/agenda/list',
  'POST /api/usuarios/usuario/agenda/mover/:id',
  'POST /api/usuarios/usuario/agenda/save',
  'PUT /api/usuarios/usuario/agenda/save/:id',
  'GET /api/usuarios/usuario/avisosplataforma',
  'POST /api/usuarios/usuario/avisosplataforma/leido/:id',
  'GET /api/usuarios/usuario/cambiarcentro/:val',
  'POST /api/usuarios/usuario/cambiarcontrasena',
  'POST /api/usuarios/usuario/cambiaremail',
  'GET /api/usuarios/usuario/cambiarempre/:id/web',
  'GET /api/usuarios/usuario/configcal',
  'GET /api/usuarios/usuario/infoempre',
  'POST /api/usuarios/usuario/logout',
  'POST /api/usuarios/usuario/notificaciones/leer/:id',
  'POST /api/usuarios/usuario/notificaciones/leertodas',
  'GET /api/usuarios/usuario/notificaciones/list',
  'GET /api/usuarios/usuario/notificaciones/noleidas',
  'GET /api/usuarios/usuario/versionproducto',
  'GET /api/usuarios/usuario/videotutoriales',
];

const DE_LA_EMPRESA = [
  'GET /api/usuarios/usuario/contratado',
  'PUT /api/usuarios/usuario/contratado',
  'GET /api/usuarios/usuario/contratado/factura/:periodo',
  'GET /api/usuarios/usuario/vercontratofirmado',
  'GET /api/usuarios/usuario/verenctratamiento',
  'GET /api/usuarios/usuario/vercertificado',
];

describe('what portal users reach', () => {
  it("the company's plan and data-processing agreement: its owner reads them, a student does not", async () => {
    expect(t.deps.routes.map(nombreDe)).toEqual(expect.arrayContaining(DE_LA_EMPRESA));
    const duena = await t.as('academia', 'ACADEMIA');
    const alumno = await t.as('alumno', 'ACADEMIA');
    for (const url of ['/api/usuarios/usuario/contratado', '/api/usuarios/usuario/verenctratamiento']) {
      expect((await duena.request('GET', url)).status).toBe(200);
      expect(await alumno.request('GET', url)).toMatchObject({ status: 403, body: { Mensaje: MSG.forbidden } });
    }
  });

  it.each(PORTAL)(
    '%s gets past the guard only on the reviewed portal routes',
    async (usuario, empresa) => {
      const s = await t.as(usuario, empresa);
      const alcanza: string[] = [];
      for (const route of enOrdenDeRecorrido(t.deps.routes)) {
        if (route.access.kind === 'public') continue;
        const res = await llamar(s, route);
        if (res.status !== 401 && res.status !== 403) alcanza.push(nombreDe(route));
      }
      expect(alcanza.filter((r) => DE_LA_EMPRESA.includes(r))).toEqual([]);
      expect(alcanza.filter((r) => !LEGIBLES.includes(r))).toEqual([]);
    },
    120_000,
  );
});
