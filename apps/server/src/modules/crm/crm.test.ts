import { MSG } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { multipartFile } from '../../../test/multipart.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import { avisarRecordatorios } from './actividades.ts';

let cliente: number;
let potencial: number;
const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  const [e] = await t.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
  const [c] = await t.database.query<{ id: number }>(
    'select id from clientes where empresa_id = $1 order by id limit 1',
    [e!.id],
  );
  const [p] = await t.database.query<{ id: number }>(
    'select id from clientespot where empresa_id = $1 order by id limit 1',
    [e!.id],
  );
  cliente = Number(c!.id);
  potencial = Number(p!.id);
});

describe('calendar configuration (usuario/configcal)', () => {
  it('is a company setting over the blue default', async () => {
    const antes = await demo.request('GET', '/api/usuarios/usuario/configcal');
    expect(antes.body.llamada).toBe('#1c7ed6');
    const bad = await demo.request('PUT', '/api/usuarios/usuario/configcal', { tarea: 'rojo' });
    expect(bad.status).toBe(400);
    const ok = await demo.request('PUT', '/api/usuarios/usuario/configcal', { tarea: '#ff0000' });
    expect(ok.status).toBe(200);
    const despues = await demo.request('GET', '/api/usuarios/usuario/configcal');
    expect(despues.body).toMatchObject({ tarea: '#ff0000', llamada: '#1c7ed6' });
    const otra = await t.as('academia', 'ACADEMIA');
    expect((await otra.request('GET', '/api/usuarios/usuario/configcal')).body.tarea).not.toBe('#ff0000');
  });
});

describe('funnels, opportunities and the kanban', () => {
  let embudo: number;
  const ids: number[] = [];
  it('saves a funnel with ordered phases and refuses duplicates', async () => {
    const res = await demo.request('POST', '/api/ventas/crmembudos/save', {
      Nombre: 'Embudo de pruebas',
      Fases: [
        { Linea: 1, Nombre: 'Contacto', Probabilidad: 10 },
        { Linea: 2, Nombre: 'Propuesta', Probabilidad: 50 },
        { Linea: 3, Nombre: 'Negociación', Probabilidad: 80 },
      ],
    });
    expect(res.status).toBe(201);
    embudo = res.body.Id;
    expect(res.body.Fases.map((f: { Nombre: string }) => f.Nombre)).toEqual(['Contacto', 'Propuesta', 'Negociación']);
    const sinFases = await demo.request('POST', '/api/ventas/crmembudos/save', { Nombre: 'Vacío', Fases: [] });
    expect(sinFases.status).toBe(400);
  });

  it('groups opportunities by LinFaseEmbudo with totals and the weighted forecast', async () => {
    for (const [linea, importe, tipo, id] of [
      [1, 1000, 'c', cliente],
      [1, 500, 'p', potencial],
      [2, 2000, 'c', cliente],
    ] as const) {
      const r = await demo.request('POST', '/api/ventas/crmoportuni/save', {
        IdEmbudo: embudo,
        LinFaseEmbudo: linea,
        TipoContacto: tipo,
        IdContacto: id,
        Titulo: `Oportunidad ${importe}`,
        Importe: importe,
        Probabilidad: 1,
      });
      expect(r.status).toBe(201);
      expect(r.body.Contacto).toBeTruthy();
      ids.push(r.body.Id);
    }
    const k = await demo.request('GET', `/api/ventas/crmoportuni/kanban/${embudo}`);
    expect(k.status).toBe(200);
    expect(k.body.Columnas.map((c: any) => [c.Nombre, c.Items.length, c.Total, c.Ponderado])).toEqual([
      ['Contacto', 2, 1500, 150],
      ['Propuesta', 1, 2000, 1000],
      ['Negociación', 0, 0, 0],
    ]);
    expect(k.body.Total).toBe(3500);
    expect(k.body.Ponderado).toBe(1150);
    const mala = await demo.request('POST', '/api/ventas/crmoportuni/save', {
      IdEmbudo: embudo,
      LinFaseEmbudo: 9,
      TipoContacto: 'c',
      IdContacto: cliente,
      Titulo: 'x',
    });
    expect(mala.status).toBe(400);
    expect(mala.body.Errores[0].Campo).toBe('LinFaseEmbudo');
  });

  it('moves an opportunity (audited), refuses a lost one without reason, and turns a won one into a quote', async () => {
    const mov = await demo.request('POST', `/api/ventas/crmoportuni/mover/${ids[0]}`, { LinFaseEmbudo: 3 });
    expect(mov.status).toBe(200);
    expect(mov.body.Mensaje).toBe('Oportunidad movida a Negociación');
    const k = await demo.request('GET', `/api/ventas/crmoportuni/kanban/${embudo}`);
    expect(k.body.Columnas.map((c: any) => c.Total)).toEqual([500, 2000, 1000]);
    const [aud] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from auditoria where recurso = 'crmoportuni' and id_registro = $1 and accion = 'M'",
      [ids[0]],
    );
    expect(Number(aud!.n)).toBe(1);
    const perdida = await demo.request('POST', `/api/ventas/crmoportuni/mover/${ids[1]}`, {
      LinFaseEmbudo: 1,
      Estado: 2,
    });
    expect(perdida.status).toBe(400);
    expect(perdida.body.Errores[0].Campo).toBe('MotivoPerdida');
    const noQuote = await demo.request('POST', `/api/ventas/crmoportuni/presupuesto/${ids[1]}`);
    expect(noQuote.status).toBe(400);
    const ganada = await demo.request('POST', `/api/ventas/crmoportuni/mover/${ids[0]}`, {
      LinFaseEmbudo: 3,
      Estado: 1,
    });
    expect(ganada.body.Oportunidad.Estado).toBe(1);
    const q = await demo.request('POST', `/api/ventas/crmoportuni/presupuesto/${ids[0]}`);
    expect(q.status).toBe(200);
    const pv = await demo.request('GET', `/api/ventas/pventa/edit/${q.body.IdPresupuesto}`);
    expect(pv.status).toBe(200);
    expect(Number(pv.body.Total)).toBeCloseTo(1210, 2);
    const again = await demo.request('POST', `/api/ventas/crmoportuni/presupuesto/${ids[0]}`);
    expect(again.body.IdPresupuesto).toBe(q.body.IdPresupuesto);
    const op = await demo.request('GET', `/api/ventas/crmoportuni/edit/${ids[0]}`);
    expect(op.body.IdPresupuesto).toBe(q.body.IdPresupuesto);
    const list = await demo.request(
      'GET',
      `/api/ventas/crmoportuni/list?Filtros=${encodeURIComponent(JSON.stringify({ IdEmbudo: embudo, Estado: 1 }))}`,
    );
    expect(list.body.Items.map((i: any) => i.Id)).toEqual([ids[0]]);
    const quitar = await demo.request('PUT', `/api/ventas/crmembudos/save/${embudo}`, {
      Nombre: 'Embudo de pruebas',
      Fases: [{ Linea: 1, Nombre: 'Contacto', Probabilidad: 10 }],
    });
    expect(quitar.status).toBe(400);
  });

  it('keeps activities on the opportunity and the contact timeline; the agenda shows only mine; reminders notify', async () => {
    const act = await demo.request('POST', '/api/ventas/crmactividades/save', {
      Tipo: 'llamada',
      Asunto: 'Llamar para cerrar',
      Inicio: '2026-11-10T09:00:00Z',
      IdOportunidad: ids[2],
      Recordatorio: '2026-11-10T08:45:00Z',
    });
    expect(act.status).toBe(201);
    expect(act.body).toMatchObject({ TipoContacto: 'c', IdContacto: cliente });
    const tl = await demo.request(
      'GET',
      `/api/ventas/crmactividades/list?Filtros=${encodeURIComponent(JSON.stringify({ TipoContacto: 'c', IdContacto: cliente }))}`,
    );
    expect(tl.body.Items.map((i: any) => i.Asunto)).toContain('Llamar para cerrar');
    // The contact's timeline also lists their opportunities.
    const ops = await demo.request(
      'GET',
      `/api/ventas/crmoportuni/list?Filtros=${encodeURIComponent(JSON.stringify({ TipoContacto: 'p', IdContacto: potencial }))}`,
    );
    expect(ops.body.Items.map((i: any) => i.Id)).toEqual([ids[1]]);
    // The owner is chosen among the company's members; someone outside it is refused.
    const resp = await demo.request('GET', '/api/ventas/crmactividades/responsables');
    const yo = resp.body.Items.find((m: any) => m.Yo);
    const otroMiembro = resp.body.Items.find((m: any) => !m.Yo);
    expect(yo && otroMiembro).toBeTruthy();
    const [fuera] = await t.database.query<{ id: number }>(
      "select p.id from personas p where not exists (select 1 from miembros m join empresas e on e.id = m.empresa_id where m.persona_id = p.id and e.codigo = 'DEMO') limit 1",
    );
    const paraOtro = await demo.request('POST', '/api/ventas/crmactividades/save', {
      Tipo: 'reunion',
      Asunto: 'Reunión delegada',
      Inicio: '2026-11-10T11:00:00Z',
      TipoContacto: 'p',
      IdContacto: potencial,
      IdResponsable: otroMiembro.Id,
    });
    expect([paraOtro.status, paraOtro.body.IdResponsable]).toEqual([201, otroMiembro.Id]);
    const ajeno = await demo.request('POST', '/api/ventas/crmactividades/save', {
      Tipo: 'reunion',
      Asunto: 'x',
      Inicio: '2026-11-10T11:00:00Z',
      IdResponsable: Number(fuera!.id),
    });
    expect([ajeno.status, ajeno.body.Errores?.[0]?.Campo]).toEqual([400, 'IdResponsable']);
    const ag = await demo.request('GET', '/api/usuarios/usuario/agenda/list?Desde=2026-11-01&Hasta=2026-11-30');
    expect(ag.body.Items.map((i: any) => i.Id)).toContain(act.body.Id);
    expect(ag.body.Colores.llamada).toBe('#1c7ed6');
    const empleado = await t.as('empleado', 'DEMO');
    const suya = await empleado.request('GET', '/api/usuarios/usuario/agenda/list?Desde=2026-11-01&Hasta=2026-11-30');
    expect(suya.body.Items.map((i: any) => i.Id)).not.toContain(act.body.Id);
    expect(
      (
        await empleado.request('POST', `/api/usuarios/usuario/agenda/mover/${act.body.Id}`, {
          Inicio: '2026-11-11T09:00:00Z',
        })
      ).status,
    ).toBe(404);
    const mov = await demo.request('POST', `/api/usuarios/usuario/agenda/mover/${act.body.Id}`, {
      Inicio: '2026-11-11T09:00:00Z',
      Fin: '2026-11-11T10:30:00Z',
    });
    expect(mov.body.Fin).toBeTruthy();
    const antes = (await demo.request('GET', '/api/usuarios/usuario/notificaciones/noleidas')).body.NoLeidas;
    expect(await avisarRecordatorios(companyDirectory(t.deps), new Date('2026-11-12T00:00:00Z'))).toMatch(
      /^[1-9]\d* recordatorios$/,
    );
    const list = await demo.request('GET', '/api/usuarios/usuario/notificaciones/list');
    expect(list.body.NoLeidas).toBe(antes + 1);
    const aviso = list.body.Items.find((i: any) => i.Titulo.includes('Llamar para cerrar'));
    expect(aviso).toMatchObject({ Prioridad: 'm', Origen: 'a', Leido: false });
    const otro = (await empleado.request('GET', '/api/usuarios/usuario/notificaciones/list')).body.Items;
    expect(otro.some((i: any) => i.Id === aviso.Id)).toBe(false);
    expect((await empleado.request('POST', `/api/usuarios/usuario/notificaciones/leer/${aviso.Id}`)).status).toBe(404);
    const leer = await demo.request('POST', `/api/usuarios/usuario/notificaciones/leer/${aviso.Id}`);
    expect(leer.body.NoLeidas).toBe(antes);
    await demo.request('POST', '/api/usuarios/usuario/notificaciones/leertodas');
    expect((await demo.request('GET', '/api/usuarios/usuario/notificaciones/noleidas')).body.NoLeidas).toBe(0);
  });
});

describe("Mi Agenda shows a teacher's timetable and an instructor's classes (read-only)", () => {
  it('expands the weekly sessions within the course dates and lists the practical classes', async () => {
    const profesor = await t.as('profesor', 'ACADEMIA');
    const [ses] = await t.database.query<any>(
      `select h.id, h.dia_semana, h.hora_inicio, c.fecha_inicio::text as fecha_inicio, c.nombre from horarios h
         join cursos c on c.id = h.id_curso and c.empresa_id = h.empresa_id
         join profesores p on p.id = h.id_profesor and p.empresa_id = h.empresa_id
         join personas pe on lower(pe.email) = lower(p.email)
        where pe.user_name = 'profesor' and c.fecha_inicio is not null order by h.id limit 1`,
    );
    expect(ses).toBeTruthy();
    // The second week of the course: one event per session of that weekday, at its Madrid time.
    const inicio = new Date(`${String(ses.fecha_inicio).slice(0, 10)}T12:00:00Z`);
    inicio.setUTCDate(inicio.getUTCDate() + 7);
    const desde = inicio.toISOString().slice(0, 10);
    inicio.setUTCDate(inicio.getUTCDate() + 6);
    const hasta = inicio.toISOString().slice(0, 10);
    const ag = await profesor.request('GET', `/api/usuarios/usuario/agenda/list?Desde=${desde}&Hasta=${hasta}`);
    expect(ag.status).toBe(200);
    const suyas = ag.body.Clases.filter((c: any) => c.Id.startsWith(`h${ses.id}-`));
    expect(suyas).toHaveLength(1);
    expect(suyas[0]).toMatchObject({ Origen: 'academia', Enlace: '/horario/lista' });
    expect(suyas[0].Asunto).toContain(ses.nombre);
    const hora = new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' });
    expect(hora.format(new Date(suyas[0].Inicio))).toBe(ses.hora_inicio);
    // Before the course starts there is nothing.
    const antes = await profesor.request('GET', '/api/usuarios/usuario/agenda/list?Desde=2000-01-03&Hasta=2000-01-09');
    expect(antes.body.Clases).toEqual([]);
    // Someone who is not a teacher gets no classes.
    const ag2 = await demo.request('GET', `/api/usuarios/usuario/agenda/list?Desde=${desde}&Hasta=${hasta}`);
    expect(ag2.body.Clases).toEqual([]);

    const instructor = await t.as('instructor', 'AUTOESCUELA');
    const [clase] = await t.database.query<any>(
      `select cp.id, cp.fecha::text as fecha, cp.minutos from clases_practicas cp
         join profesores p on p.id = cp.id_profesor and p.empresa_id = cp.empresa_id
         join personas pe on lower(pe.email) = lower(p.email)
        where pe.user_name = 'instructor' and cp.estado <> 'anulada' order by cp.id limit 1`,
    );
    expect(clase).toBeTruthy();
    const dia = String(clase.fecha).slice(0, 10);
    const ai = await instructor.request('GET', `/api/usuarios/usuario/agenda/list?Desde=${dia}&Hasta=${dia}`);
    const c = ai.body.Clases.find((x: any) => x.Id === `c${clase.id}`);
    expect(c).toMatchObject({ Origen: 'autoescuela', Enlace: '/clases/lista' });
    expect((Date.parse(c.Fin) - Date.parse(c.Inicio)) / 60_000).toBe(Number(clase.minutos));
  });
});

describe('document manager (gestordoc)', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
  const subir = (nombre: string, datos: Buffer | string, carpeta?: number) => {
    const m = multipartFile(nombre, datos);
    return demo.request(
      'POST',
      `/api/configuracion/gestordoc/subir${carpeta ? `?IdCarpeta=${carpeta}` : ''}`,
      m.body,
      m.headers,
    );
  };
  it('keeps jpg/png/pdf files with the spec rules, in folders, searchable, movable, deletable (audited)', async () => {
    const carpeta = await demo.request('POST', '/api/configuracion/gdcarpetas/save', { Nombre: 'Contratos' });
    expect(carpeta.status).toBe(201);
    const ok = await subir('plano-oficina.png', PNG);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ Nombre: 'plano-oficina.png', Tipo: 'png', Tamano: PNG.length, IdCarpeta: null });
    expect(ok.body.Clave).toBeUndefined();
    const txt = await subir('notas.txt', 'hola');
    expect([txt.status, txt.body.Mensaje]).toEqual([400, MSG.fileType]);
    const grande = await subir(
      'enorme.pdf',
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10)]),
    );
    expect([grande.status, grande.body.Mensaje]).toEqual([400, MSG.fileTooBig(10 * 1024)]);
    const vacio = await demo.request('POST', '/api/configuracion/gestordoc/subir', {});
    expect([vacio.status, vacio.body.Mensaje]).toEqual([400, MSG.fileMissing]);
    const [fila] = await t.database.query<any>('select * from gd_ficheros where id = $1', [ok.body.Id]);
    expect(Object.values(fila).some((v) => Buffer.isBuffer(v))).toBe(false);
    const bajada = await t.app.inject({
      method: 'GET',
      url: `/api/configuracion/gestordoc/descargar/${ok.body.Id}`,
      headers: { authorization: `Bearer ${demo.token}` },
    });
    expect(bajada.statusCode).toBe(200);
    expect(bajada.rawPayload.equals(PNG)).toBe(true);
    const mov = await demo.request('PUT', `/api/configuracion/gestordoc/mover/${ok.body.Id}`, {
      IdCarpeta: carpeta.body.Id,
    });
    expect(mov.body.IdCarpeta).toBe(carpeta.body.Id);
    const raiz = await demo.request('GET', '/api/configuracion/gestordoc/list');
    expect(raiz.body.Carpetas.map((c: any) => c.Nombre)).toContain('Contratos');
    expect(raiz.body.Items.map((i: any) => i.Id)).not.toContain(ok.body.Id);
    const dentro = await demo.request(
      'GET',
      `/api/configuracion/gestordoc/list?Filtros=${encodeURIComponent(JSON.stringify({ IdCarpeta: carpeta.body.Id }))}`,
    );
    expect(dentro.body.Items.map((i: any) => i.Id)).toEqual([ok.body.Id]);
    expect(dentro.body.Ruta).toEqual([{ Id: carpeta.body.Id, Nombre: 'Contratos' }]);
    const busca = await demo.request(
      'GET',
      `/api/configuracion/gestordoc/list?Filtros=${encodeURIComponent(JSON.stringify({ Buscar: 'oficina' }))}`,
    );
    expect(busca.body.Items.map((i: any) => i.Id)).toEqual([ok.body.Id]);
    expect((await demo.request('DELETE', `/api/configuracion/gdcarpetas/delete/${carpeta.body.Id}`)).status).toBe(400);
    expect((await demo.request('DELETE', `/api/configuracion/gestordoc/delete/${ok.body.Id}`)).status).toBe(200);
    const [aud] = await t.database.query<any>(
      "select count(*)::int as n from auditoria where recurso = 'gestordoc' and accion = 'D' and id_registro = $1",
      [ok.body.Id],
    );
    expect(aud.n).toBe(1);
    expect((await demo.request('GET', `/api/configuracion/gestordoc/descargar/${ok.body.Id}`)).status).toBe(404);
  });
});

describe('deleting CRM records', () => {
  it('refuses a funnel in use, deletes each record once (then 404) and leaves another person’s event alone', async () => {
    const embudo = await demo.request('POST', '/api/ventas/crmembudos/save', {
      Nombre: 'Embudo para borrar',
      Fases: [{ Linea: 1, Nombre: 'Única', Probabilidad: 50 }],
    });
    expect(embudo.status).toBe(201);
    const op = await demo.request('POST', '/api/ventas/crmoportuni/save', {
      IdEmbudo: embudo.body.Id,
      LinFaseEmbudo: 1,
      TipoContacto: 'c',
      IdContacto: cliente,
      Titulo: 'Oportunidad para borrar',
    });
    expect(op.status).toBe(201);
    const enUso = await demo.request('DELETE', `/api/ventas/crmembudos/delete/${embudo.body.Id}`);
    expect(enUso.status).toBe(400);
    const tarea = (ruta: string) =>
      demo.request('POST', `/api/${ruta}/save`, {
        Tipo: 'tarea',
        Asunto: 'Para borrar',
        Inicio: '2026-11-20T09:00:00Z',
      });
    const act = await tarea('ventas/crmactividades');
    const evento = await tarea('usuarios/usuario/agenda');
    expect([act.status, evento.status]).toEqual([201, 201]);
    const empleado = await t.as('empleado', 'DEMO');
    expect((await empleado.request('DELETE', `/api/usuarios/usuario/agenda/delete/${evento.body.Id}`)).status).toBe(
      404,
    );
    for (const [ruta, id, mensaje] of [
      ['ventas/crmoportuni', op.body.Id, 'Oportunidad eliminada'],
      ['ventas/crmembudos', embudo.body.Id, 'Embudo eliminado'],
      ['ventas/crmactividades', act.body.Id, 'Actividad eliminada'],
      ['usuarios/usuario/agenda', evento.body.Id, 'Evento eliminado'],
    ] as const) {
      const borrado = await demo.request('DELETE', `/api/${ruta}/delete/${id}`);
      expect([ruta, borrado.status, borrado.body.Mensaje]).toEqual([ruta, 200, mensaje]);
      expect([ruta, (await demo.request('DELETE', `/api/${ruta}/delete/${id}`)).status]).toEqual([ruta, 404]);
    }
    const [borrados] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from auditoria where accion = 'D' and recurso in ('crmoportuni', 'crmembudos', 'actividades') and id_registro in ($1, $2, $3, $4)",
      [op.body.Id, embudo.body.Id, act.body.Id, evento.body.Id],
    );
    expect(borrados?.n).toBe(4);
  });
});
