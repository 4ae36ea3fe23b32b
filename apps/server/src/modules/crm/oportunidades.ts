import {
  type DocumentoVentaInput,
  etiquetaEstadoOportunidad,
  MSG_CRM,
  moverSchema,
  type OportunidadInput,
  oportunidadSchema,
  totalesColumna,
} from '@faro/domain';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { COUNT_CAP, parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  col,
  comercialesTable,
  configuraTable,
  crmFases,
  crmOportunidades,
  tiposivaTable,
} from '../../platform/tenancy/tables.ts';
import { crearDocumento, preparar } from '../ventas/documentos/documentosRepository.ts';
import { ACCESO_CRM, borrarFila, hoyMadrid, idParam, rutasRegistro } from './comun.ts';
import { cli, comprobarContacto, nombreContacto, pot, unirContacto } from './contactos.ts';
import { cargarEmbudo } from './embudos.ts';

const o = crmOportunidades;

/** Every opportunity answer: the row, the contact's and the sales rep's names. */
function consultar(s: Scope, where: SQL | undefined) {
  const j = unirContacto(s, o.TipoContacto, o.IdContacto);
  return s
    .pick(
      {
        Id: o.Id,
        IdEmbudo: o.IdEmbudo,
        LinFaseEmbudo: o.LinFaseEmbudo,
        TipoContacto: o.TipoContacto,
        IdContacto: o.IdContacto,
        Contacto: nombreContacto,
        Titulo: o.Titulo,
        Importe: o.Importe,
        FechaCierre: o.FechaCierre,
        Probabilidad: o.Probabilidad,
        IdComercial: o.IdComercial,
        Comercial: sql<string | null>`${col(comercialesTable, 'Nombre')}`,
        Estado: o.Estado,
        MotivoPerdida: o.MotivoPerdida,
        Notas: o.Notas,
        IdPresupuesto: o.IdPresupuesto,
        Creado: o.Creado,
      },
      o,
      where,
    )
    .leftJoin(cli, j.cli)
    .leftJoin(pot, j.pot)
    .leftJoin(comercialesTable, s.on(comercialesTable, eq(col(comercialesTable, 'Id'), o.IdComercial)));
}

export async function cargarOportunidad(s: Scope, id: number) {
  const [row] = await consultar(s, eq(o.Id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

async function comprobarFase(s: Scope, idEmbudo: number, linea: number) {
  const [f] = await s.pick(
    { Nombre: crmFases.Nombre },
    crmFases,
    and(eq(crmFases.IdEmbudo, idEmbudo), eq(crmFases.Linea, linea)),
  );
  if (!f) throw fieldError('LinFaseEmbudo', MSG_CRM.faseNoExiste);
  return f.Nombre;
}

async function guardar(s: Scope, body: OportunidadInput, id?: number) {
  await cargarEmbudo(s, body.IdEmbudo);
  await comprobarFase(s, body.IdEmbudo, body.LinFaseEmbudo);
  await comprobarContacto(s, body.TipoContacto, body.IdContacto).catch(() => {
    throw fieldError('IdContacto', 'El contacto no existe');
  });
  const values = {
    ...body,
    FechaCierre: body.FechaCierre ?? null,
    IdComercial: body.IdComercial ?? null,
    MotivoPerdida: body.Estado === 2 ? (body.MotivoPerdida ?? null) : null,
    Notas: body.Notas ?? null,
  };
  return s.tx(async (t) => {
    let Id = id;
    if (Id) {
      const [r] = await t.update(o, values, eq(o.Id, Id)).returning({ Id: o.Id });
      if (!r) throw notFound();
    } else {
      Id = (await t.insert(o, values).returning({ Id: o.Id }))[0]!.Id;
    }
    await t.audit({ accion: id ? 'M' : 'A', recurso: 'crmoportuni', idRegistro: Id, campos: values });
    return cargarOportunidad(t, Id);
  });
}

/** Filters of the list: funnel, status, sales rep, contact (a contact's timeline), close-date range, search. */
function filtros(f: Record<string, unknown>): SQL | undefined {
  const c: SQL[] = [];
  const num = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));
  const idEmbudo = num(f.IdEmbudo);
  if (idEmbudo !== undefined && Number.isSafeInteger(idEmbudo)) c.push(eq(o.IdEmbudo, idEmbudo));
  const estado = num(f.Estado);
  if (estado !== undefined && Number.isSafeInteger(estado)) c.push(eq(o.Estado, estado));
  const comercial = num(f.IdComercial);
  if (comercial !== undefined && Number.isSafeInteger(comercial)) c.push(eq(o.IdComercial, comercial));
  const contacto = num(f.IdContacto);
  if ((f.TipoContacto === 'c' || f.TipoContacto === 'p') && contacto !== undefined && Number.isSafeInteger(contacto))
    c.push(eq(o.TipoContacto, f.TipoContacto), eq(o.IdContacto, contacto));
  const fecha = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  const desde = fecha(f.FechaCierreDesde);
  if (desde) c.push(gte(o.FechaCierre, desde));
  const hasta = fecha(f.FechaCierreHasta);
  if (hasta) c.push(lte(o.FechaCierre, hasta));
  if (typeof f.Buscar === 'string' && f.Buscar.trim()) {
    const q = `%${f.Buscar.trim()
      .slice(0, 100)
      .replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(or(ilike(o.Titulo, q), ilike(col(cli, 'Nombre'), q), ilike(col(pot, 'Nombre'), q))!);
  }
  return c.length ? and(...c) : undefined;
}

/** The kanban of one funnel: a column per phase (by `LinFaseEmbudo` = `Linea`), totals and weighted forecast. */
export async function kanban(s: Scope, idEmbudo: number, soloPendientes = true) {
  const embudo = await cargarEmbudo(s, idEmbudo);
  const filas = await consultar(s, and(eq(o.IdEmbudo, idEmbudo), soloPendientes ? eq(o.Estado, 0) : undefined)).orderBy(
    asc(o.FechaCierre),
    asc(o.Id),
  );
  const Columnas = embudo.Fases.map((f) => {
    const Items = filas.filter((r) => r.LinFaseEmbudo === f.Linea);
    return {
      ...f,
      ...totalesColumna(
        Items.map((r) => Number(r.Importe)),
        f.Probabilidad,
      ),
      Items,
    };
  });
  const Total = Math.round(Columnas.reduce((a, c) => a + c.Total, 0) * 100) / 100;
  const Ponderado = Math.round(Columnas.reduce((a, c) => a + c.Ponderado, 0) * 100) / 100;
  return { Embudo: { Id: embudo.Id, Nombre: embudo.Nombre }, Columnas, Total, Ponderado };
}

/** The VAT type of a quote line made from an opportunity: the company's default, else a 21 % one, else any. */
async function tipoIvaDefecto(s: Scope): Promise<string> {
  const valor = col(tiposivaTable, 'Valor');
  const [conf] = await s
    .pick({ Valor: valor }, configuraTable)
    .innerJoin(tiposivaTable, s.on(tiposivaTable, eq(col(tiposivaTable, 'Id'), col(configuraTable, 'IdTipoIva'))))
    .limit(1);
  if (conf?.Valor) return String(conf.Valor);
  const [t] = await s
    .pick({ Valor: valor }, tiposivaTable, eq(col(tiposivaTable, 'Baja'), false))
    .orderBy(desc(sql`${col(tiposivaTable, 'PorcentajeIva')} = 21`), asc(valor))
    .limit(1);
  if (!t) throw badRequest('No hay tipos de IVA: da de alta uno en la configuración');
  return String(t.Valor);
}

/** Opportunities (`crmoportuni`): CRUD, list with filters, kanban, moves (audited) and the quote of a won one. */
export const oportunidadesRoutes: AreaModule = (app, deps) => {
  const base = '/api/ventas/crmoportuni';
  const tags = ['ventas'];
  const { leer, editar } = ACCESO_CRM;

  app.get(`${base}/list`, { config: leer, schema: { tags, summary: 'Oportunidades' } }, async (request) => {
    const s = deps.scopeOf(request);
    const q = parseListQuery(request.query);
    const where = filtros(q.Filtros);
    const orden =
      {
        Titulo: o.Titulo,
        Importe: o.Importe,
        FechaCierre: o.FechaCierre,
        Estado: o.Estado,
        Creado: o.Creado,
      }[q.Orden ?? ''] ?? o.Creado;
    const dir = q.Orden ? (q.Descendente ? desc : asc) : desc;
    const Items = await consultar(s, where)
      .orderBy(dir(orden), desc(o.Id))
      .limit(q.TotalPagina)
      .offset((q.Pagina - 1) * q.TotalPagina);
    const j = unirContacto(s, o.TipoContacto, o.IdContacto);
    const [c] = await s.pick({ n: sql<number>`count(*)::int` }, o, where).leftJoin(cli, j.cli).leftJoin(pot, j.pot);
    const total = Number(c?.n ?? 0);
    return { Items, Total: Math.min(total, COUNT_CAP), TotalLimitado: total > COUNT_CAP };
  });

  app.get(`${base}/kanban/:id`, { config: leer, schema: { tags, summary: 'Kanban del embudo' } }, (request) =>
    kanban(deps.scopeOf(request), idParam(request)),
  );
  rutasRegistro(app, deps, {
    base,
    tags,
    acceso: ACCESO_CRM,
    cuerpo: oportunidadSchema,
    resumen: { ver: 'Oportunidad', crear: 'Crear oportunidad', guardar: 'Guardar oportunidad' },
    cargar: cargarOportunidad,
    guardar,
    borrar: {
      resumen: 'Eliminar oportunidad',
      borrar: async (s, id) => {
        await borrarFila(s, o, id, 'crmoportuni');
        return { Mensaje: 'Oportunidad eliminada' };
      },
    },
  });

  /** Drag and drop (or 'Mover a…'): the phase and optionally the status, saved at once and audited. */
  app.post(
    `${base}/mover/:id`,
    { config: editar, schema: { tags, summary: 'Mover la oportunidad de fase', body: moverSchema } },
    async (request) => {
      const s = deps.scopeOf(request);
      const id = idParam(request);
      await cargarOportunidad(s, id);
      const body = parseBody(moverSchema, request.body) as ReturnType<typeof moverSchema.parse>;
      return s.tx(async (t) => {
        const [antes] = await t.select(o, eq(o.Id, id)).for('update');
        if (!antes) throw notFound();
        const fase = await comprobarFase(t, antes.IdEmbudo, body.LinFaseEmbudo);
        const Estado = body.Estado ?? antes.Estado;
        const cambios = {
          LinFaseEmbudo: body.LinFaseEmbudo,
          Estado,
          MotivoPerdida: Estado === 2 ? (body.MotivoPerdida ?? antes.MotivoPerdida) : null,
        };
        await t.update(o, cambios, eq(o.Id, id));
        await t.audit({
          accion: 'M',
          recurso: 'crmoportuni',
          idRegistro: id,
          campos: {
            LinFaseEmbudo: [antes.LinFaseEmbudo, cambios.LinFaseEmbudo],
            Estado: [etiquetaEstadoOportunidad(antes.Estado), etiquetaEstadoOportunidad(Estado)],
          },
        });
        return { Mensaje: MSG_CRM.movida(fase), Oportunidad: await cargarOportunidad(t, id) };
      });
    },
  );

  /** Won → the quote (pventa) for the customer with the opportunity as its line; the opportunity links to it. */
  app.post(
    `${base}/presupuesto/:id`,
    {
      config: { access: access.permission('VentasPresup', 2, 'ActPresupuestos') },
      schema: { tags, summary: 'Crear el presupuesto de la oportunidad' },
    },
    async (request) => {
      const s = deps.scopeOf(request);
      const id = idParam(request);
      return s.tx(async (t) => {
        const [op] = await t.select(o, eq(o.Id, id)).for('update');
        if (!op) throw notFound();
        if (op.IdPresupuesto) return { IdPresupuesto: op.IdPresupuesto };
        if (op.TipoContacto !== 'c') throw badRequest(MSG_CRM.presupuestoSoloClientes);
        const input: DocumentoVentaInput = {
          Cliente: op.IdContacto,
          Fecha: hoyMadrid(),
          IdComercial: op.IdComercial,
          Observaciones: `Oportunidad: ${op.Titulo}`,
          Lineas: [
            { Descripcion: op.Titulo, Cantidad: '1', Precio: String(op.Importe), TipoIva: await tipoIvaDefecto(t) },
          ],
        } as DocumentoVentaInput;
        const prep = await preparar(t, input);
        const IdPresupuesto = await crearDocumento(t, 'presupuesto', prep, null);
        await t.update(o, { IdPresupuesto, Estado: 1 }, eq(o.Id, id));
        await t.audit({ accion: 'M', recurso: 'crmoportuni', idRegistro: id, campos: { IdPresupuesto } });
        return { IdPresupuesto };
      });
    },
  );
};
