import { PERMISSION_CODE_LIST } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../../test/multipart.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import { crearMiembroConPerfil } from '../identity/miembros.testkit.ts';
import { FICHEROS_FUERA_DEL_GESTOR, LISTA_ORIGENES, ORIGENES_FICHERO, type Origen } from './origenes.ts';

/**
 * The files door: every stored file has an owning feature, and the document manager (`gestordoc`) lists, searches
 * and serves a file only to whoever has that feature's permission, auditing the read as the owning screen does.
 * Generated over every origin of the registry.
 */
let t: TestApp;
let demo: Session;
let empresaId = 0;
const PDF = Buffer.from('%PDF-1.4\n%origen\n');
const GD = '/api/configuracion/gestordoc';

const subir = async (s: Session, url: string, nombre: string) => {
  const m = multipartFile(nombre, PDF);
  const res = await s.request('POST', url, m.body, m.headers);
  expect(res.status).toBe(201);
  return res.body.Id as number;
};
const bajar = (s: Session, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}` } });
const uno = async <T>(sql: string, params: unknown[]) => (await t.database.query<T>(sql, params))[0]!;

/**
 * How a file of each origin comes to be, through its owning feature where it writes files itself, and the owning
 * screen's own download (`propia`) where it has one. Typed over the registry: a new origin does not compile until
 * this test makes (and so attacks) one of its files.
 */
const CREAR = {
  gestordoc: async (nombre: string) => ({ id: await subir(demo, `${GD}/subir`, nombre) }),
  empleados: async (nombre: string) => {
    const emp = await uno<{ id: number }>("select id from empleados where empresa_id = $1 and codigo = 'E002'", [
      empresaId,
    ]);
    const id = await subir(demo, `/api/rrhh/empleados/documentos/${emp.id}`, nombre);
    return { id, propia: `/api/rrhh/empleados/documentos/${emp.id}/descargar/${id}` };
  },
  consentimientos: async (nombre: string) => {
    const id = await subir(demo, `${GD}/subir`, nombre);
    const paciente = await uno<{ id: number }>('select id from clientes where empresa_id = $1 order by id limit 1', [
      empresaId,
    ]);
    const cons = await demo.request('POST', `/api/odontologia/consentimientos/${paciente.id}`, {
      Tipo: 'general',
      Fecha: '2099-01-02',
      IdFichero: id,
    });
    expect(cons.status).toBe(201);
    return { id, propia: `/api/odontologia/consentimientos/${cons.body.Id}/fichero` };
  },
  modelos: async (nombre: string) => {
    const g = await demo.request('POST', '/api/impuestos/modtributarios/guardar/111/2024/4T', {});
    expect(g.status).toBe(201);
    const id = await subir(demo, `/api/impuestos/modtributarios/justificante/${g.body.Id}`, nombre);
    return { id, propia: `/api/impuestos/modtributarios/justificante/${g.body.Id}` };
  },
  // The students' files are written by the family portal (a person's session, not a permission): the row is
  // marked as the portal marks it.
  alumnos: async (nombre: string) => {
    const id = await subir(demo, `${GD}/subir`, nombre);
    await t.database.query("update gd_ficheros set origen = 'alumnos' where empresa_id = $1 and id = $2", [
      empresaId,
      id,
    ]);
    return { id };
  },
} satisfies Record<Origen, (nombre: string) => Promise<{ id: number; propia?: string }>>;

const ficheros = new Map<Origen, { id: number; propia?: string; nombre: string; carpeta: number | null }>();
/** A member whose profile has ConfEmpresa 3 and nothing else: the document manager, none of the owning features. */
let oficina: Session;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  empresaId = Number((await uno<{ id: number }>("select id from empresas where codigo = 'DEMO'", [])).id);
  for (const origen of LISTA_ORIGENES) {
    const nombre = `origen-${origen}.pdf`;
    const { id, propia }: { id: number; propia?: string } = await CREAR[origen](nombre);
    const fila = await uno<{ origen: string; id_carpeta: number | null }>(
      'select origen, id_carpeta from gd_ficheros where empresa_id = $1 and id = $2',
      [empresaId, id],
    );
    expect(fila.origen).toBe(origen);
    ficheros.set(origen, { id, propia, nombre, carpeta: fila.id_carpeta === null ? null : Number(fila.id_carpeta) });
  }
  const permisos = Object.fromEntries(PERMISSION_CODE_LIST.map((c) => [c, c === 'ConfEmpresa' ? 3 : 0]));
  await crearMiembroConPerfil(demo, {
    UserName: 'oficina.ficheros',
    Nombre: 'Oficina sin personal',
    Email: 'oficina.ficheros@demo.test',
    perfil: 'Solo oficina',
    Permisos: permisos,
  });
  oficina = await t.as('oficina.ficheros', 'DEMO');
}, 120_000);
afterAll(() => t.close());

const ajenos = () => LISTA_ORIGENES.filter((o) => ORIGENES_FICHERO[o].permiso !== 'ConfEmpresa');

describe('the document manager goes through the owning feature of each file', () => {
  it('covers more than the document manager’s own files (employees, dental consents…)', () => {
    expect(ajenos()).toEqual(expect.arrayContaining(['empleados', 'consentimientos']));
  });

  it('with ConfEmpresa and not the owner’s permission (PersEmple 0, OdonClinica 0…): not listed, not found by search, not downloadable (404)', async () => {
    const propio = ficheros.get('gestordoc')!;
    for (const origen of ajenos()) {
      const f = ficheros.get(origen)!;
      const enCarpeta = await oficina.request(
        'GET',
        `${GD}/list?Filtros=${encodeURIComponent(JSON.stringify(f.carpeta ? { IdCarpeta: f.carpeta } : {}))}`,
      );
      // Its folder is either hidden (404: under a feature's root) or listed without the file.
      const enLista = enCarpeta.status === 200 && enCarpeta.body.Items.some((x: { Id: number }) => x.Id === f.id);
      expect([enCarpeta.status === 404 || enCarpeta.status === 200, enLista], origen).toEqual([true, false]);
      const buscado = await oficina.request(
        'GET',
        `${GD}/list?Filtros=${encodeURIComponent(JSON.stringify({ Buscar: f.nombre }))}`,
      );
      expect(buscado.body.Items, origen).toEqual([]);
      const respuestas = [
        (await bajar(oficina, `${GD}/descargar/${f.id}`)).statusCode,
        (await bajar(oficina, `${GD}/descargar/${f.id}?ver=1`)).statusCode,
        (await oficina.request('GET', `${GD}/edit/${f.id}`)).status,
        (await oficina.request('PUT', `${GD}/mover/${f.id}`, { IdCarpeta: null })).status,
        (await oficina.request('DELETE', `${GD}/delete/${f.id}`)).status,
      ];
      expect(respuestas, origen).toEqual([404, 404, 404, 404, 404]);
    }
    // Its own files it still lists, finds and downloads: the filter is in the query, so a page of one is full.
    const pagina = await oficina.request(
      'GET',
      `${GD}/list?TotalPagina=1&Filtros=${encodeURIComponent(JSON.stringify({ Buscar: 'origen-' }))}`,
    );
    expect(pagina.body.Items.map((i: { Id: number }) => i.Id)).toEqual([propio.id]);
    expect((await bajar(oficina, `${GD}/descargar/${propio.id}`)).statusCode).toBe(200);
    const vivos = await t.database.query<{ n: number }>(
      'select count(*)::int as n from gd_ficheros where empresa_id = $1 and id = any($2::bigint[])',
      [empresaId, ajenos().map((o) => ficheros.get(o)!.id)],
    );
    expect(vivos[0]!.n).toBe(ajenos().length);
  });

  it('a download through the document manager writes the owner’s read audit, the same row as its own screen', async () => {
    const lecturas = (id: number) =>
      t.database.query<{ recurso: string; accion: string; campos: unknown }>(
        `select recurso, accion, campos from auditoria where empresa_id = $1 and id_registro = $2 and accion = 'L'
          and recurso <> 'historiaclinica' order by id`,
        [empresaId, id],
      );
    /** The read audit rows one download adds. */
    const leer = async (url: string, id: number) => {
      const antes = (await lecturas(id)).length;
      const res = await bajar(demo, url);
      expect([res.statusCode, res.rawPayload.equals(PDF)], url).toEqual([200, true]);
      return (await lecturas(id)).slice(antes);
    };
    for (const origen of LISTA_ORIGENES) {
      const f = ficheros.get(origen)!;
      const porGestor = await leer(`${GD}/descargar/${f.id}`, f.id);
      expect(porGestor, origen).toEqual([
        { recurso: ORIGENES_FICHERO[origen].recurso, accion: 'L', campos: { Nombre: f.nombre } },
      ]);
      // The owning screen's own download writes the very same row.
      if (f.propia) expect(await leer(f.propia, f.id), origen).toEqual(porGestor);
    }
    expect(LISTA_ORIGENES.filter((o) => ficheros.get(o)!.propia)).toEqual(['empleados', 'modelos', 'consentimientos']);
  });

  it('the root folder of a feature the profile lacks (its sub-folders carry people’s names) is hidden with all under it', async () => {
    const raices = LISTA_ORIGENES.filter((o) => ORIGENES_FICHERO[o].permiso !== 'ConfEmpresa').flatMap((o) => {
      const { carpeta } = ORIGENES_FICHERO[o] as { carpeta?: string };
      return carpeta ? [carpeta] : [];
    });
    expect(raices).toEqual(expect.arrayContaining(['Empleados', 'Alumnos']));
    const carpetas = (s: Session) => s.request('GET', '/api/configuracion/gdcarpetas/list');
    for (const nombre of raices) {
      let [raiz] = (await carpetas(demo)).body.Items.filter(
        (x: { Nombre: string; IdPadre: number | null }) => x.Nombre === nombre && x.IdPadre === null,
      );
      raiz ??= (await demo.request('POST', '/api/configuracion/gdcarpetas/save', { Nombre: nombre })).body;
      const hija = await demo.request('POST', '/api/configuracion/gdcarpetas/save', {
        Nombre: `X001 · Persona de ${nombre}`,
        IdPadre: raiz.Id,
      });
      expect(hija.status).toBe(201);
      const arriba = await oficina.request('GET', `${GD}/list`);
      expect(
        arriba.body.Carpetas.map((x: { Nombre: string }) => x.Nombre),
        nombre,
      ).not.toContain(nombre);
      const todas = (await carpetas(oficina)).body.Items.map((x: { Id: number }) => x.Id);
      expect(todas, nombre).not.toContain(raiz.Id);
      expect(todas, nombre).not.toContain(hija.body.Id);
      const dentro = `${GD}/list?Filtros=${encodeURIComponent(JSON.stringify({ IdCarpeta: hija.body.Id }))}`;
      const respuestas = [
        (await oficina.request('GET', dentro)).status,
        (await oficina.request('GET', `/api/configuracion/gdcarpetas/edit/${hija.body.Id}`)).status,
        (await oficina.request('PUT', `/api/configuracion/gdcarpetas/save/${raiz.Id}`, { Nombre: 'Otra' })).status,
        (await oficina.request('DELETE', `/api/configuracion/gdcarpetas/delete/${hija.body.Id}`)).status,
      ];
      expect(respuestas, nombre).toEqual([404, 404, 404, 404]);
      // The owner of everything still sees it.
      expect((await demo.request('GET', dentro)).status).toBe(200);
      expect((await carpetas(demo)).body.Items.map((x: { Id: number }) => x.Id)).toContain(hija.body.Id);
    }
  });

  it('a file another feature owns cannot be adopted as a dental consent (and so change hands)', async () => {
    const paciente = await uno<{ id: number }>('select id from clientes where empresa_id = $1 order by id limit 1', [
      empresaId,
    ]);
    const res = await demo.request('POST', `/api/odontologia/consentimientos/${paciente.id}`, {
      Tipo: 'general',
      Fecha: '2099-01-03',
      IdFichero: ficheros.get('empleados')!.id,
    });
    expect(res.status).toBe(400);
    const fila = await uno<{ origen: string }>('select origen from gd_ficheros where empresa_id = $1 and id = $2', [
      empresaId,
      ficheros.get('empleados')!.id,
    ]);
    expect(fila.origen).toBe('empleados');
  });
});

describe('every stored file has an owner in the registry', () => {
  it('every table holding file bytes is the document manager or is registered with the only routes that serve it', async () => {
    const tablas = await t.database.query<{ table_name: string }>(
      `select distinct table_name from information_schema.columns
        where table_schema = current_schema() and data_type = 'bytea' order by table_name`,
    );
    expect(tablas.map((x) => x.table_name).sort()).toEqual(Object.keys(FICHEROS_FUERA_DEL_GESTOR).sort());
    const rutas = new Set(t.deps.routes.map((r) => `${r.method} ${r.url}`));
    const nombradas = Object.values(FICHEROS_FUERA_DEL_GESTOR).flatMap((f) => [...f.rutas]);
    expect(nombradas.filter((r) => !rutas.has(r))).toEqual([]);
  });
});
