import { MSG } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { idEmpresa } from '../../../test/datosDemo.ts';
import { multipartFile } from '../../../test/multipart.ts';
import type { Session } from '../../../test/testApp.ts';

let empleadoId = 0;
let empresaId = 0;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);
const PDF = Buffer.from('%PDF-1.4\n%empleado\n');

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  empresaId = await idEmpresa(t);
  const [emp] = await t.database.query<{ id: number }>(
    "select id from empleados where empresa_id = $1 and codigo = 'E002'",
    [empresaId],
  );
  empleadoId = Number(emp!.id);
});

const enviar = (s: Session, method: string, url: string, nombre: string, datos: Buffer | string) => {
  const m = multipartFile(nombre, datos);
  return s.request(method, url, m.body, m.headers);
};
const bytes = (s: Session, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}` } });

describe("an employee's photo and documents (document manager folder per employee)", () => {
  it('keeps documents with the file rules in Empleados/<code> · <name>, downloadable and deletable (audited)', async () => {
    const base = `/api/rrhh/empleados/documentos/${empleadoId}`;
    expect((await demo.request('GET', base)).body).toMatchObject({ Items: [], Foto: null });
    const txt = await enviar(demo, 'POST', base, 'notas.txt', 'hola');
    expect([txt.status, txt.body.Mensaje]).toEqual([400, MSG.fileType]);
    const ok = await enviar(demo, 'POST', base, 'contrato-firmado.pdf', PDF);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ Nombre: 'contrato-firmado.pdf', Tipo: 'pdf' });
    const lista = await demo.request('GET', base);
    expect(lista.body.Items.map((i: any) => i.Nombre)).toEqual(['contrato-firmado.pdf']);
    // The folder is the document manager's too.
    const [carpeta] = await t.database.query<{ nombre: string; padre: string }>(
      'select c.nombre, p.nombre as padre from gd_carpetas c join gd_carpetas p on p.id = c.id_padre and p.empresa_id = c.empresa_id where c.id = $1 and c.empresa_id = $2',
      [lista.body.IdCarpeta, empresaId],
    );
    expect(carpeta!.padre).toBe('Empleados');
    expect(carpeta!.nombre).toMatch(/^E002 · /);
    const dl = await bytes(demo, `${base}/descargar/${ok.body.Id}`);
    expect([dl.statusCode, dl.rawPayload.equals(PDF)]).toEqual([200, true]);
    // A file of another folder is not reachable through the employee's routes.
    const ajeno = await enviar(demo, 'POST', '/api/configuracion/gestordoc/subir', 'otro.pdf', PDF);
    expect((await demo.request('GET', `${base}/descargar/${ajeno.body.Id}`)).status).toBe(404);
    expect((await demo.request('DELETE', `${base}/delete/${ajeno.body.Id}`)).status).toBe(404);
    expect((await demo.request('GET', '/api/rrhh/empleados/documentos/999999')).status).toBe(404);
    expect((await demo.request('DELETE', `${base}/delete/${ok.body.Id}`)).status).toBe(200);
    const [aud] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from auditoria where recurso = 'empleadosdoc' and accion in ('A', 'D') and id_registro = $1",
      [ok.body.Id],
    );
    expect(Number(aud!.n)).toBe(2);
  });

  it('takes a jpg or png photo (never a pdf), replaces it, serves it and removes it', async () => {
    const url = `/api/rrhh/empleados/foto/${empleadoId}`;
    expect((await demo.request('GET', url)).status).toBe(404);
    const pdf = await enviar(demo, 'PUT', url, 'foto.pdf', PDF);
    expect([pdf.status, pdf.body.Mensaje]).toEqual([400, MSG.fileType]);
    const png = await enviar(demo, 'PUT', url, 'yo.png', PNG);
    expect(png.status).toBe(200);
    const jpg = await enviar(demo, 'PUT', url, 'yo.jpg', JPG);
    expect(jpg.body.Foto.Id).not.toBe(png.body.Foto.Id);
    const foto = await bytes(demo, url);
    expect([foto.statusCode, foto.headers['content-type'], foto.rawPayload.equals(JPG)]).toEqual([
      200,
      'image/jpeg',
      true,
    ]);
    const [n] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from gd_ficheros where empresa_id = $1 and nombre like 'Foto del empleado.%'",
      [empresaId],
    );
    expect(Number(n!.n)).toBe(1);
    const docs = await demo.request('GET', `/api/rrhh/empleados/documentos/${empleadoId}`);
    expect(docs.body.Foto).toEqual({ Id: jpg.body.Foto.Id });
    expect(docs.body.Items.some((i: any) => i.Nombre.startsWith('Foto del empleado'))).toBe(false);
    expect((await demo.request('DELETE', url)).status).toBe(200);
    expect((await demo.request('GET', url)).status).toBe(404);
  });

  it("is refused to a worker without the employees' permission", async () => {
    const w = await t.as('fichaje', 'DEMO');
    expect((await w.request('GET', `/api/rrhh/empleados/documentos/${empleadoId}`)).status).toBe(403);
  });
});

describe('leave and holiday requests from usuario/fichajes', () => {
  it('the worker requests, the manager answers in ausencias, the worker sees the state; overlaps are refused', async () => {
    const w = await t.as('fichaje', 'DEMO');
    const antes = await w.request('GET', '/api/rrhh/fichajesusu/ausencias');
    expect(antes.status).toBe(200);
    expect(antes.body.Vinculado).toBe(true);
    const vacaciones = antes.body.Situaciones.find((x: any) => x.Descripcion === 'Vacaciones');
    expect(vacaciones).toBeTruthy();
    const mala = await w.request('POST', '/api/rrhh/fichajesusu/ausencias', {
      IdSitLaboral: vacaciones.Id,
      Desde: '2031-08-10',
      Hasta: '2031-08-01',
    });
    expect([mala.status, mala.body.Errores?.[0]?.Campo]).toEqual([400, 'Hasta']);
    const sol = await w.request('POST', '/api/rrhh/fichajesusu/ausencias', {
      IdSitLaboral: vacaciones.Id,
      Desde: '2031-08-01',
      Hasta: '2031-08-15',
      Motivo: 'Vacaciones de verano',
    });
    expect(sol.status).toBe(201);
    expect(sol.body).toMatchObject({ Estado: 'solicitada', Situacion: 'Vacaciones', Hasta: '2031-08-15' });
    const choque = await w.request('POST', '/api/rrhh/fichajesusu/ausencias', {
      IdSitLaboral: vacaciones.Id,
      Desde: '2031-08-14',
    });
    expect([choque.status, choque.body.Errores?.[0]?.Campo]).toEqual([400, 'Desde']);
    // The manager sees it pending in ausencias and approves it.
    const pend = await demo.request(
      'GET',
      `/api/rrhh/ausencias/list?Filtros=${encodeURIComponent(JSON.stringify({ Estado: 'solicitada' }))}&TotalPagina=100`,
    );
    expect(pend.body.Items.map((i: any) => i.Id)).toContain(sol.body.Id);
    const fila = (await demo.request('GET', `/api/rrhh/ausencias/edit/${sol.body.Id}`)).body;
    const upd = await demo.request('PUT', `/api/rrhh/ausencias/save/${sol.body.Id}`, { ...fila, Estado: 'aprobada' });
    expect(upd.status).toBe(200);
    const despues = await w.request('GET', '/api/rrhh/fichajesusu/ausencias');
    expect(despues.body.Items.find((i: any) => i.Id === sol.body.Id).Estado).toBe('aprobada');
    // An answered request cannot be withdrawn; a pending one can, and only by its worker.
    expect((await w.request('DELETE', `/api/rrhh/fichajesusu/ausencias/${sol.body.Id}`)).status).toBe(409);
    const otra = await w.request('POST', '/api/rrhh/fichajesusu/ausencias', {
      IdSitLaboral: vacaciones.Id,
      Desde: '2031-12-22',
    });
    expect(otra.status).toBe(201);
    const e1 = await t.as('empleado', 'DEMO');
    expect((await e1.request('DELETE', `/api/rrhh/fichajesusu/ausencias/${otra.body.Id}`)).status).toBe(404);
    expect((await w.request('DELETE', `/api/rrhh/fichajesusu/ausencias/${otra.body.Id}`)).status).toBe(200);
  });

  it('a user without an employee file gets a clear 400', async () => {
    await t.database.query(
      "update miembros set codigo_empleado = null where empresa_id = $1 and persona_id = (select id from personas where user_name = 'demo')",
      [empresaId],
    );
    const admin = await t.as('demo', 'DEMO');
    const info = await admin.request('GET', '/api/rrhh/fichajesusu/ausencias');
    expect([info.body.Vinculado, info.body.Items]).toEqual([false, []]);
    const res = await admin.request('POST', '/api/rrhh/fichajesusu/ausencias', {
      IdSitLaboral: info.body.Situaciones[0].Id,
      Desde: '2031-01-10',
    });
    expect([res.status, res.body.Mensaje]).toEqual([
      400,
      'Tu usuario no está vinculado a una ficha de empleado: pídeselo a tu responsable',
    ]);
  });
});
