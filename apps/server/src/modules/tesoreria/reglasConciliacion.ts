import { dec, isZero, MSG, type ReglaConciliacionJson, reglaParaApunte, textoLegible, toFixed } from '@faro/domain';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  apuntesBancarios as ab,
  clientesTable,
  col,
  conceptosmovsTable,
  proveedoresTable,
  reglasConciliacion as rc,
} from '../../platform/tenancy/tables.ts';
import { asentarDocumentos } from '../contabilidad/libro.ts';
import { idDe, MSG_EXTRACTOS, permiso, zTexto } from './comun.ts';
import { insertarMovimiento, MSG_MOVS, movimientoBloqueado } from './movimientos.ts';

export const MSG_REGLAS = {
  corto: 'El texto debe tener al menos 3 letras o cifras',
  repetida: 'Ya hay una regla con ese texto',
  conceptoRegla: 'Elige el concepto que tendrán los movimientos de la regla',
  arqueada: 'Esa fecha ya está arqueada en la cuenta',
  cliente: 'El cliente no existe',
  proveedor: 'El proveedor no existe',
  dosContactos: 'Elige un cliente o un proveedor, no los dos',
};

const cc = (f: string) => col(conceptosmovsTable, f);
const signos = (s: string) => s.normalize('NFD').replace(/[^\p{L}\p{N}]/gu, '').length;
const zTextoRegla = zTexto('Texto', 100).refine((v) => signos(v) >= 3, { error: MSG_REGLAS.corto });
const zConcepto = z.coerce
  .number({ error: MSG.required('Concepto') })
  .int({ error: MSG.required('Concepto') })
  .positive({ error: MSG.required('Concepto') })
  .max(Number.MAX_SAFE_INTEGER, { error: MSG.required('Concepto') });

/** A customer's or supplier's id; absent, null or '' is none. */
const zContacto = () =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: MSG.format })
      .int({ error: MSG.format })
      .positive({ error: MSG.format })
      .max(Number.MAX_SAFE_INTEGER, { error: MSG.format })
      .nullable(),
  );
const contacto = {
  IdCliente: zContacto(),
  IdProveedor: zContacto(),
};
const reglaBody = z.object({
  Texto: zTextoRegla,
  IdConcepto: zConcepto,
  Descripcion: zTexto('Descripción', 200),
  ...contacto,
});
const desdeApunteBody = z.object({
  IdConcepto: zConcepto.nullish(),
  Descripcion: zTexto('Descripción', 200),
  Recordar: z.boolean({ error: MSG.format }).default(false),
  TextoRegla: zTextoRegla.optional(),
  ...contacto,
});

const cl = (f: string) => col(clientesTable, f);
const pr = (f: string) => col(proveedoresTable, f);

/** The company's rules with their concept's name and accounting account, by text. */
export async function leerReglas(s: Scope): Promise<ReglaConciliacionJson[]> {
  const rows = await s
    .pick(
      {
        Id: rc.Id,
        Texto: rc.Texto,
        IdConcepto: rc.IdConcepto,
        Descripcion: rc.Descripcion,
        Concepto: cc('Descripcion'),
        CuentaContable: cc('CuentaContable'),
        IdCliente: rc.IdCliente,
        IdProveedor: rc.IdProveedor,
        Contacto: sql<string | null>`coalesce(${cl('Nombre')}, ${pr('Nombre')})`,
      },
      rc,
    )
    .innerJoin(conceptosmovsTable, s.on(conceptosmovsTable, eq(cc('Id'), rc.IdConcepto)))
    .leftJoin(clientesTable, s.on(clientesTable, eq(cl('Id'), rc.IdCliente)))
    .leftJoin(proveedoresTable, s.on(proveedoresTable, eq(pr('Id'), rc.IdProveedor)))
    .orderBy(asc(rc.Texto))
    .limit(1000);
  return rows as ReglaConciliacionJson[];
}

/** The rule proposed for a line (`texto`: its document, references and concept), or null. */
export function reglaDeApunte(reglas: ReglaConciliacionJson[], texto: string): ReglaConciliacionJson | null {
  return reglaParaApunte(
    texto,
    reglas.map((r) => ({ ...r, id: r.Id, texto: r.Texto })),
  );
}

async function comprobarConcepto(t: Scope, id: number) {
  const [c] = await t.pick({ Id: cc('Id') }, conceptosmovsTable, eq(cc('Id'), id));
  if (!c) throw fieldError('IdConcepto', MSG_MOVS.concepto);
}

/**
 * The customer or supplier named must be one of the company's (another company's id reads as unknown: the same
 * 400 on the field); one of them at most.
 */
async function comprobarContacto(t: Scope, v: { IdCliente: number | null; IdProveedor: number | null }) {
  if (v.IdCliente && v.IdProveedor) throw fieldError('IdProveedor', MSG_REGLAS.dosContactos);
  if (v.IdCliente) {
    const [c] = await t.pick({ Id: cl('Id') }, clientesTable, eq(cl('Id'), v.IdCliente));
    if (!c) throw fieldError('IdCliente', MSG_REGLAS.cliente);
  }
  if (v.IdProveedor) {
    const [p] = await t.pick({ Id: pr('Id') }, proveedoresTable, eq(pr('Id'), v.IdProveedor));
    if (!p) throw fieldError('IdProveedor', MSG_REGLAS.proveedor);
  }
}

/** Saves a rule (new, or `id`); the same text twice (case ignored) is refused on `Texto`. */
async function guardarRegla(t: Scope, v: z.infer<typeof reglaBody>, id?: number) {
  await comprobarConcepto(t, v.IdConcepto);
  await comprobarContacto(t, v);
  const [otra] = await t.pick(
    { Id: rc.Id },
    rc,
    and(sql`lower(${rc.Texto}) = lower(${v.Texto})`, id ? ne(rc.Id, id) : undefined),
  );
  if (otra) throw fieldError('Texto', MSG_REGLAS.repetida);
  if (id) {
    const [r] = await t.update(rc, v, eq(rc.Id, id)).returning({ Id: rc.Id });
    if (!r) throw notFound();
    return r.Id;
  }
  const [r] = await t.insert(rc, v).returning({ Id: rc.Id });
  return r!.Id;
}

/**
 * From an unmatched statement line, in one transaction: a movement of its account (its day and signed amount, the
 * chosen concept, description and customer or supplier — a matching rule's, as the dialog proposes them) reconciled
 * with the line; with `Recordar`, the rule "text contains → concept (and contact)" saved too (an existing rule of the
 * same text takes the new concept and contact).
 */
export async function movimientoDesdeApunte(t: Scope, idApunte: number, v: z.infer<typeof desdeApunteBody>) {
  const [a] = await t.select(ab, eq(ab.Id, idApunte)).for('update');
  if (!a) throw notFound();
  if (a.IdConciliado !== null) throw badRequest(MSG_EXTRACTOS.yaConciliado);
  if (isZero(dec(a.Importe))) throw badRequest(MSG_MOVS.importe);
  if (v.IdConcepto) await comprobarConcepto(t, v.IdConcepto);
  await comprobarContacto(t, v);
  if (await movimientoBloqueado(t, { Id: 0, IdTesoreria: a.IdTesoreria, Fecha: a.FechaOperacion }))
    throw badRequest(MSG_REGLAS.arqueada);
  const mov = await insertarMovimiento(t, {
    IdTesoreria: a.IdTesoreria,
    Fecha: a.FechaOperacion,
    Importe: toFixed(dec(a.Importe), 2),
    IdConcepto: v.IdConcepto ?? null,
    Descripcion: v.Descripcion,
    IdCliente: v.IdCliente,
    IdProveedor: v.IdProveedor,
    Clase: 'manual',
  });
  const [hecho] = await t
    .update(ab, { ConciliadoCon: 'movimiento', IdConciliado: mov.Id }, and(eq(ab.Id, a.Id), isNull(ab.IdConciliado)))
    .returning({ Id: ab.Id });
  if (!hecho) throw badRequest(MSG_EXTRACTOS.yaConciliado);
  let idRegla: number | null = null;
  if (v.Recordar) {
    if (!v.IdConcepto) throw fieldError('IdConcepto', MSG_REGLAS.conceptoRegla);
    const texto = v.TextoRegla ?? textoLegible(a.Concepto);
    if (signos(texto) < 3) throw fieldError('TextoRegla', MSG_REGLAS.corto);
    const [misma] = await t.pick({ Id: rc.Id }, rc, sql`lower(${rc.Texto}) = lower(${texto})`);
    const regla = {
      Texto: texto,
      IdConcepto: v.IdConcepto,
      Descripcion: v.Descripcion,
      IdCliente: v.IdCliente,
      IdProveedor: v.IdProveedor,
    };
    idRegla = await guardarRegla(t, regla, misma?.Id);
  }
  // A concept with an account posts the movement (the year's counter, the last lock).
  await asentarDocumentos(t, 'movimiento', [mov.Id]);
  const { empresaId: _, CreadoEn: __, ...movimiento } = mov;
  return { Movimiento: movimiento, IdRegla: idRegla };
}

/**
 * `/api/tesoreria/reglasconciliacion/*` (TesoMovsCajaBanco): the rules that turn a statement line into a movement;
 * `POST /api/tesoreria/extractos/movimiento/:id`: the movement created and matched from a line.
 */
export function registrarReglasConciliacion(app: FastifyInstance, deps: AppDeps): void {
  const base = '/api/tesoreria/reglasconciliacion';
  app.get(`${base}/list`, permiso('TesoMovsCajaBanco', 1, 'Reglas de conciliación'), async (request) => {
    const Items = await leerReglas(deps.scopeOf(request));
    return { Items, Total: Items.length, TotalLimitado: false };
  });
  app.post(`${base}/save`, permiso('TesoMovsCajaBanco', 2, 'Nueva regla de conciliación'), async (request, reply) => {
    const body = parseBody(reglaBody, request.body) as z.infer<typeof reglaBody>;
    const Id = await deps.scopeOf(request).tx((t) => guardarRegla(t, body));
    return reply.status(201).send({ Id, ...body });
  });
  app.put(`${base}/save/:id`, permiso('TesoMovsCajaBanco', 2, 'Cambiar una regla de conciliación'), async (request) => {
    const id = idDe(request);
    const s = deps.scopeOf(request);
    // Another company's rule is a 404 whatever the body says.
    const [existe] = await s.pick({ Id: rc.Id }, rc, eq(rc.Id, id));
    if (!existe) throw notFound();
    const body = parseBody(reglaBody, request.body) as z.infer<typeof reglaBody>;
    await s.tx((t) => guardarRegla(t, body, id));
    return { Id: id, ...body };
  });
  app.delete(
    `${base}/delete/:id`,
    permiso('TesoMovsCajaBanco', 3, 'Borrar una regla de conciliación'),
    async (request) => {
      const id = idDe(request);
      const [r] = await deps.scopeOf(request).delete(rc, eq(rc.Id, id)).returning({ Id: rc.Id });
      if (!r) throw notFound();
      return { Id: id };
    },
  );
  app.post(
    '/api/tesoreria/extractos/movimiento/:id',
    permiso('TesoMovsCajaBanco', 2, 'Crear y conciliar un movimiento desde un apunte'),
    async (request, reply) => {
      const id = idDe(request);
      const body = parseBody(desdeApunteBody, request.body) as z.infer<typeof desdeApunteBody>;
      const r = await deps.scopeOf(request).tx((t) => movimientoDesdeApunte(t, id, body));
      return reply.status(201).send(r);
    },
  );
}
