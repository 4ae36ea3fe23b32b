import {
  type CandidatoConciliacion,
  CLASES_CONCILIACION,
  type ClaseConciliacion,
  CONCEPTOS_COMUNES_N43,
  compare,
  dec,
  ErrorNorma43,
  etiquetaConciliacion,
  neg,
  normalizeIban,
  parsearNorma43,
  proponerConciliacion,
  toFixed,
} from '@faro/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { MAX_OFFSET, parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  apuntesBancarios as ab,
  col,
  extractosBancarios as ex,
  remesas as rm,
  recibosRemesa as rr,
  tesoreriaTable,
} from '../../platform/tenancy/tables.ts';
import { contar, esId, idDe, MSG_EXTRACTOS, permiso, zId } from './comun.ts';

export { MSG_EXTRACTOS };

import { consultaMovimientos } from './movimientos.ts';
import { leerReglas, reglaDeApunte } from './reglasConciliacion.ts';

const tc = (f: string) => col(tesoreriaTable, f);
/** The line's own words: its concept, else its references, else the common concept's name. */
const textoApunte = (r: Omit<typeof ab.$inferSelect, 'empresaId'>) =>
  r.Concepto.trim() ||
  [r.Referencia1, r.Referencia2]
    .map((x) => x.trim())
    .filter(Boolean)
    .join(' ') ||
  (CONCEPTOS_COMUNES_N43[r.ConceptoComun] ?? '');
const jsonApunte = ({ empresaId: _, ...r }: typeof ab.$inferSelect) => ({
  ...r,
  ConceptoComunTexto: CONCEPTOS_COMUNES_N43[r.ConceptoComun] ?? '',
  Etiqueta: etiquetaConciliacion(textoApunte(r), r.FechaOperacion, r.Importe),
});
const etiquetaCandidato = (c: CandidatoConciliacion) => etiquetaConciliacion(c.descripcion, c.fecha, c.importe);

/** What each reconciled line is matched with, as a person reads it (`clase:id` → label). */
async function etiquetasConciliadas(s: Scope, apuntes: (typeof ab.$inferSelect)[]) {
  const out = new Map<string, string>();
  const ids = (clase: string) => apuntes.filter((a) => a.ConciliadoCon === clase).map((a) => Number(a.IdConciliado));
  const ramas = (['cobro', 'pago', 'movimiento'] as const)
    .map((clase) => ({ clase, tipo: clase === 'movimiento' ? 'manual' : clase, ids: ids(clase) }))
    .filter((r) => r.ids.length);
  if (ramas.length) {
    const { sinSaldo } = consultaMovimientos(s, {});
    const cond = sql.join(
      ramas.map(
        (r) =>
          sql`(x.tipo = ${r.tipo} and x.id in (${sql.join(
            r.ids.map((i) => sql`${i}`),
            sql`, `,
          )}))`,
      ),
      sql` or `,
    );
    const filas = await s.execute<FilaMov>(
      () => sql`select x.tipo, x.id, x.fecha::text as fecha, x.importe::text as importe, x.descripcion
        from (${sinSaldo}) x where ${cond}`,
    );
    for (const f of filas) {
      const clase = f.tipo === 'manual' ? 'movimiento' : f.tipo;
      out.set(`${clase}:${Number(f.id)}`, etiquetaConciliacion(f.descripcion, String(f.fecha).slice(0, 10), f.importe));
    }
  }
  const remesas = ids('remesa');
  if (remesas.length) {
    const filas = await s.pick(
      { Id: rm.Id, Descripcion: rm.Descripcion, Fecha: rm.Fecha, Total: rm.Total, Tipo: rm.Tipo },
      rm,
      inArray(rm.Id, remesas),
    );
    for (const r of filas) {
      const importe = r.Tipo === 'cobro' ? r.Total : toFixed(neg(dec(r.Total)), 2);
      out.set(`remesa:${r.Id}`, etiquetaConciliacion(r.Descripcion, r.Fecha, importe));
    }
  }
  return out;
}
const jsonExtracto = ({ empresaId: _, CreadoEn: __, ...r }: typeof ex.$inferSelect) => r;

const importarBody = z.object({
  IdTesoreria: zId('Cuenta').optional(),
  Fichero: z.string().trim().max(200).default('extracto.n43'),
  Contenido: z
    .string({ error: 'Falta el fichero' })
    .min(1, { error: 'Falta el fichero' })
    .max(30_000_000, { error: 'El fichero es demasiado grande' }),
});

/**
 * Imports a Norma 43 file: every account block must belong to a bank account of the treasury (IBAN = bank, branch,
 * account of record 11) — the chosen one when given; a block already imported is refused. One transaction: a bad
 * file (ErrorNorma43, with its line) imports nothing.
 */
export async function importarNorma43(t: Scope, fichero: string, contenido: string, idTesoreria?: number) {
  let cuentas: ReturnType<typeof parsearNorma43>;
  try {
    cuentas = parsearNorma43(contenido);
  } catch (e) {
    if (e instanceof ErrorNorma43) throw badRequest(`El fichero no es un extracto Norma 43 válido. ${e.message}`);
    throw e;
  }
  const bancos = (await t.pick({ Id: tc('Id'), IBAN: tc('IBAN') }, tesoreriaTable, eq(tc('Tipo'), 'banco'))) as {
    Id: number;
    IBAN: string | null;
  }[];
  const creados: (typeof ex.$inferSelect)[] = [];
  for (const c of cuentas) {
    const ccc = `${c.banco}${c.oficina}`;
    const cuenta = bancos.find((b) => {
      const iban = normalizeIban(b.IBAN ?? '');
      return iban.startsWith('ES') && iban.slice(4, 12) === ccc && iban.slice(14) === c.cuenta;
    });
    const nombre = `${c.banco} ${c.oficina} ${c.cuenta}`;
    if (idTesoreria && cuenta?.Id !== idTesoreria) {
      if (!cuenta && cuentas.length === 1) {
        // A file of the chosen account whose IBAN was not typed in the account: accept it for that account.
      } else throw badRequest(MSG_EXTRACTOS.otraCuenta(nombre));
    }
    const destino = cuenta?.Id ?? idTesoreria;
    if (!destino) throw badRequest(MSG_EXTRACTOS.cuenta(nombre));
    const [repetido] = await t.pick(
      { Id: ex.Id },
      ex,
      and(
        eq(ex.IdTesoreria, destino),
        eq(ex.FechaDesde, c.desde),
        eq(ex.FechaHasta, c.hasta),
        eq(ex.SaldoInicial, c.saldoInicial),
        eq(ex.SaldoFinal, c.saldoFinal),
      ),
    );
    if (repetido) throw badRequest(MSG_EXTRACTOS.repetido);
    const [e] = await t
      .insert(ex, {
        IdTesoreria: destino,
        Fichero: fichero,
        Cuenta: nombre,
        FechaDesde: c.desde,
        FechaHasta: c.hasta,
        SaldoInicial: c.saldoInicial,
        SaldoFinal: c.saldoFinal,
        NumApuntes: c.apuntes.length,
      })
      .returning();
    for (let i = 0; i < c.apuntes.length; i += 1000) {
      await t.insert(
        ab,
        c.apuntes.slice(i, i + 1000).map((a) => ({
          IdExtracto: e!.Id,
          IdTesoreria: destino,
          Linea: a.linea,
          FechaOperacion: a.fechaOperacion,
          FechaValor: a.fechaValor,
          ConceptoComun: a.conceptoComun,
          ConceptoPropio: a.conceptoPropio,
          Importe: a.importe,
          Documento: a.documento,
          Referencia1: a.referencia1,
          Referencia2: a.referencia2,
          Concepto: a.concepto,
        })),
      );
    }
    creados.push(e!);
  }
  return creados;
}

interface FilaMov extends Record<string, unknown> {
  tipo: string;
  id: string | number;
  fecha: string;
  importe: string;
  descripcion: string;
}

/** What the lines of a statement may be matched with: the account's movements not reconciled, and its sent batches. */
async function candidatos(
  s: Scope,
  idTesoreria: number,
  desde: string,
  hasta: string,
): Promise<CandidatoConciliacion[]> {
  const d = (iso: string, dias: number) => {
    const x = new Date(`${iso}T00:00:00Z`);
    x.setUTCDate(x.getUTCDate() + dias);
    return x.toISOString().slice(0, 10);
  };
  const { base, where } = consultaMovimientos(s, {
    IdTesoreria: idTesoreria,
    FechaDesde: d(desde, -15),
    FechaHasta: d(hasta, 15),
    Conciliado: false,
  });
  const movs = await s.execute<FilaMov>(
    () => sql`select * from (${base}) x where ${where} and not x.remesado order by x.fecha, x.id limit 5000`,
  );
  const out: CandidatoConciliacion[] = movs.map((m) => ({
    clase: (m.tipo === 'manual' ? 'movimiento' : m.tipo) as ClaseConciliacion,
    id: Number(m.id),
    fecha: String(m.fecha).slice(0, 10),
    importe: toFixed(dec(String(m.importe)), 2),
    referencias: [m.descripcion.split(' · ')[0]?.replace(/^(Cobro|Pago) /, '') ?? ''],
    descripcion: m.descripcion,
  }));
  const remesas = await s
    .select(
      rm,
      and(
        eq(rm.IdTesoreria, idTesoreria),
        eq(rm.Estado, 'enviada'),
        sql`not exists (${s.pick({ one: sql`1` }, ab, and(eq(ab.ConciliadoCon, 'remesa'), eq(ab.IdConciliado, rm.Id)))})`,
      ),
    )
    .orderBy(asc(rm.Fecha))
    .limit(500);
  for (const r of remesas) {
    // What the bank moved: the batch total less what was returned before it was booked.
    const [dev] = await s.pick(
      { x: sql<string>`coalesce(sum(${rr.Importe}), 0)::text` },
      rr,
      and(eq(rr.IdRemesa, r.Id), eq(rr.Estado, 'devuelto')),
    );
    const neto = toFixed(dec(r.Total), 2);
    out.push({
      clase: 'remesa',
      id: r.Id,
      fecha: r.Fecha,
      importe: r.Tipo === 'cobro' ? neto : toFixed(neg(dec(neto)), 2),
      referencias: [r.MsgId],
      descripcion: `${r.Descripcion} (${r.NumRecibos} recibos${dev && dec(dev.x).units ? ', con devoluciones' : ''})`,
    });
  }
  return out;
}

async function cargarExtracto(s: Scope, id: number) {
  const [e] = await s.select(ex, eq(ex.Id, id));
  if (!e) throw notFound();
  return e;
}

const claseSchema = z.enum(CLASES_CONCILIACION, { error: 'El tipo de movimiento no es válido' });
const conciliarBody = z.object({
  Pares: z
    .array(z.object({ IdApunte: zId('Apunte'), Clase: claseSchema, Id: zId('Movimiento') }))
    .min(1, { error: 'Elige al menos un apunte' })
    .max(5000),
});

/** Reconciles lines with movements (each checked: same account, same amount, neither reconciled yet). */
export async function conciliar(t: Scope, pares: z.infer<typeof conciliarBody>['Pares']) {
  for (const p of pares) {
    const [a] = await t.select(ab, eq(ab.Id, p.IdApunte)).for('update');
    if (!a) throw notFound();
    if (a.IdConciliado !== null) throw badRequest(MSG_EXTRACTOS.yaConciliado);
    const e = await cargarExtracto(t, a.IdExtracto);
    const cands = await candidatos(t, e.IdTesoreria, a.FechaOperacion, a.FechaOperacion);
    const todos = cands.length ? cands : [];
    const c = todos.find((x) => x.clase === p.Clase && x.id === p.Id);
    if (!c) {
      // Outside the ±15 days window or already reconciled.
      const [ya] = await t.pick({ one: sql`1` }, ab, and(eq(ab.ConciliadoCon, p.Clase), eq(ab.IdConciliado, p.Id)));
      throw badRequest(ya ? MSG_EXTRACTOS.destinoConciliado : MSG_EXTRACTOS.noExiste);
    }
    if (compare(dec(c.importe), dec(a.Importe)) !== 0) throw badRequest(MSG_EXTRACTOS.importe);
    await t.update(ab, { ConciliadoCon: p.Clase, IdConciliado: p.Id }, eq(ab.Id, a.Id));
  }
}

/** `/api/tesoreria/extractos/*` (permission TesoMovsCajaBanco): Norma 43 statements and bank reconciliation. */
export function registrarExtractos(app: FastifyInstance, deps: AppDeps): void {
  const base = '/api/tesoreria/extractos';
  app.get(`${base}/list`, permiso('TesoMovsCajaBanco', 1, 'Extractos bancarios'), async (request) => {
    const s = deps.scopeOf(request);
    const q = parseListQuery(request.query);
    const conds: SQL[] = [];
    if (esId(q.Filtros.IdTesoreria)) conds.push(eq(ex.IdTesoreria, Number(q.Filtros.IdTesoreria)));
    const where = and(...conds);
    const pendientes = sql<number>`(${s.pick({ n: sql`count(*)::int` }, ab, and(eq(ab.IdExtracto, ex.Id), isNull(ab.IdConciliado)))})`;
    const rows = await s
      .pick({ e: ex, Pendientes: pendientes, NombreCuenta: tc('Nombre') }, ex, where)
      .innerJoin(tesoreriaTable, s.on(tesoreriaTable, eq(tc('Id'), ex.IdTesoreria)))
      .orderBy(desc(ex.FechaHasta), desc(ex.Id))
      .limit(q.TotalPagina)
      .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
    const total = await contar(s, s.pick({ one: ex.Id }, ex, where).getSQL());
    return {
      Items: rows.map((r) => ({
        ...jsonExtracto(r.e),
        Pendientes: Number(r.Pendientes),
        NombreCuenta: r.NombreCuenta,
      })),
      ...total,
    };
  });
  app.post(
    `${base}/importar`,
    permiso('TesoMovsCajaBanco', 2, 'Importar un extracto Norma 43'),
    async (request, reply) => {
      const body = parseBody(importarBody, request.body) as z.infer<typeof importarBody>;
      const creados = await deps
        .scopeOf(request)
        .tx((t) => importarNorma43(t, body.Fichero, body.Contenido, body.IdTesoreria));
      return reply.status(201).send({ Items: creados.map(jsonExtracto) });
    },
  );
  app.get(
    `${base}/edit/:id`,
    permiso('TesoMovsCajaBanco', 1, 'Extracto con propuestas de conciliación'),
    async (request) => {
      const s = deps.scopeOf(request);
      const e = await cargarExtracto(s, idDe(request));
      const apuntes = await s.select(ab, eq(ab.IdExtracto, e.Id)).orderBy(asc(ab.Linea)).limit(5000);
      const cands = await candidatos(s, e.IdTesoreria, e.FechaDesde, e.FechaHasta);
      const libres = apuntes.filter((a) => a.IdConciliado === null);
      const propuestas = proponerConciliacion(
        libres.map((a) => ({
          id: a.Id,
          fecha: a.FechaOperacion,
          importe: a.Importe,
          texto: `${a.Documento} ${a.Referencia1} ${a.Referencia2} ${a.Concepto}`,
        })),
        cands,
      );
      const porApunte = new Map(propuestas.map((p) => [p.idApunte, p.candidato]));
      const conciliados = await etiquetasConciliadas(s, apuntes);
      // A line with no movement to match may match a remembered rule: proposed as a new movement of its concept.
      const reglas = libres.length > propuestas.length ? await leerReglas(s) : [];
      const candidatoJson = (c: CandidatoConciliacion) => ({
        Clase: c.clase,
        Id: c.id,
        Fecha: c.fecha,
        Importe: c.importe,
        Descripcion: c.descripcion,
        Etiqueta: etiquetaCandidato(c),
      });
      return {
        ...jsonExtracto(e),
        Apuntes: apuntes.map((a) => {
          const c = porApunte.get(a.Id);
          const libre = a.IdConciliado === null;
          return {
            ...jsonApunte(a),
            Propuesta: c ? candidatoJson(c) : null,
            Regla:
              libre && !c
                ? reglaDeApunte(reglas, `${a.Documento} ${a.Referencia1} ${a.Referencia2} ${a.Concepto}`)
                : null,
            ConciliadoEtiqueta: libre ? null : (conciliados.get(`${a.ConciliadoCon}:${a.IdConciliado}`) ?? null),
          };
        }),
        Candidatos: cands.map(candidatoJson),
      };
    },
  );
  app.post(`${base}/conciliar`, permiso('TesoMovsCajaBanco', 2, 'Conciliar apuntes'), async (request) => {
    const body = parseBody(conciliarBody, request.body) as z.infer<typeof conciliarBody>;
    await deps.scopeOf(request).tx((t) => conciliar(t, body.Pares));
    return { Conciliados: body.Pares.length };
  });
  app.post(
    `${base}/desconciliar/:id`,
    permiso('TesoMovsCajaBanco', 2, 'Deshacer la conciliación de un apunte'),
    async (request) => {
      const id = idDe(request);
      const s = deps.scopeOf(request);
      const [a] = await s.select(ab, and(eq(ab.Id, id), isNotNull(ab.IdConciliado)));
      if (!a) throw notFound();
      await s.update(ab, { ConciliadoCon: null, IdConciliado: null }, eq(ab.Id, id));
      return { Id: id };
    },
  );
  app.delete(`${base}/delete/:id`, permiso('TesoMovsCajaBanco', 3, 'Borrar un extracto'), async (request) => {
    const id = idDe(request);
    await deps.scopeOf(request).tx(async (t) => {
      await cargarExtracto(t, id);
      const [c] = await t.pick({ one: sql`1` }, ab, and(eq(ab.IdExtracto, id), isNotNull(ab.IdConciliado))).limit(1);
      if (c) throw badRequest(MSG_EXTRACTOS.conciliado);
      await t.delete(ex, eq(ex.Id, id));
    });
    return { Id: id };
  });
}
