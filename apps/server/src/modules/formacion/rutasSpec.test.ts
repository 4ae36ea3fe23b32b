import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';

/**
 * The spec's paths of the student portal and sign-up (section 7): `portalalu/*` in the training area
 * (/api/formacion/…) and `formacion/registroalu/*` in the users area (/api/usuarios/…), served beside the older
 * paths with the same handlers. On both engines.
 */
const t = appDePruebas();

describe('portalalu/* in the training area', () => {
  it('portalalu/matonline/datosacademia answers anonymously, as the older path does', async () => {
    const spec = await t.call('GET', '/api/formacion/portalalu/matonline/datosacademia?academia=ACADEMIA');
    expect(spec.status).toBe(200);
    expect(spec.body.Cursos.map((c: { Nombre: string }) => c.Nombre)).toContain('Inglés B2');
    const vieja = await t.call('GET', '/api/portalalu/matonline/datosacademia?academia=ACADEMIA');
    expect(spec.body).toEqual(vieja.body);
    expect((await t.call('GET', '/api/formacion/portalalu/matonline/datosacademia?academia=DEMO')).status).toBe(404);
  });

  it('portalalu/matonline/solicitar validates the form in Spanish', async () => {
    const res = await t.call('POST', '/api/formacion/portalalu/matonline/solicitar?academia=ACADEMIA', {
      IdCurso: 999999,
      Nombre: 'Lu',
      Apellidos: 'Gil',
      Email: 'lu@ejemplo.test',
    });
    expect(res.status).toBe(400);
    expect(res.body.Errores).toContainEqual({ Campo: 'IdCurso', Mensaje: 'El curso no admite matrícula online' });
  });

  it("portalalu/principal/edit/{id}: a student's own file, nobody else's", async () => {
    const alumno = await t.as('alumno', 'ACADEMIA');
    const mias = await alumno.request('GET', '/api/formacion/portal/matriculas');
    const lucia = mias.body.Items[0] as { Id: number };
    const spec = await alumno.request('GET', `/api/formacion/portalalu/principal/edit/${lucia.Id}`);
    expect(spec.status).toBe(200);
    expect(spec.body.Nombre).toBe('Lucía');
    expect(spec.body).toEqual((await alumno.request('GET', `/api/portalalu/principal/edit/${lucia.Id}`)).body);
    const oficina = await t.as('academia', 'ACADEMIA');
    const otros = await oficina.request('GET', '/api/formacion/alumnos/list?TotalPagina=50');
    const ajeno = otros.body.Items.find(
      (a: { Id: number; Nombre: string }) => a.Nombre !== 'Lucía' && a.Id !== lucia.Id,
    );
    expect((await alumno.request('GET', `/api/formacion/portalalu/principal/edit/${ajeno.Id}`)).status).toBe(404);
    expect((await t.call('GET', `/api/formacion/portalalu/principal/edit/${lucia.Id}`)).status).toBe(401);
  });
});

describe('formacion/registroalu/* in the users area', () => {
  it('nuevacuentaalu files the sign-up and confirmaemailalu refuses a made-up link', async () => {
    const alta = await t.call('POST', '/api/usuarios/formacion/registroalu/nuevacuentaalu', {
      Academia: 'ACADEMIA',
      Nombre: 'Irene',
      Apellidos: 'Soler',
      Email: 'irene.soler@ejemplo.test',
    });
    expect(alta.status, JSON.stringify(alta.body)).toBe(200);
    expect(alta.body.Mensaje).toBe('Te hemos enviado un correo para confirmar tu alta');
    const filas = await t.database.query<{ n: number }>(
      "select count(*)::int as n from altas_alumno where email = 'irene.soler@ejemplo.test'",
    );
    expect(filas[0]!.n).toBe(1);
    const conf = await t.call('POST', '/api/usuarios/formacion/registroalu/confirmaemailalu?academia=ACADEMIA', {
      Token: 'enlace-que-nadie-recibio',
    });
    expect(conf.status).toBe(400);
    expect(conf.body.Mensaje).toBe('El enlace no es válido o ha caducado');
  });
});
