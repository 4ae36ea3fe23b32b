import { add, compare, dec, isIsoDate, isZero, MSG, sub, toFixed, ZERO } from '@faro/domain';
import { and, asc, desc, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { COUNT_CAP, MAX_OFFSET, parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  cobrosVenta,
  col,
  documentosCompra,
  documentosVenta,
  pagosCompra,
  type TablaCabecera,
  type TablaPagos,
  tesoreriaTable,
} from '../../platform/tenancy/tables.ts';
import { asentarDocumentos } from '../contabilidad/libro.ts';
import { comprobarPagoLibre } from '../tesoreria/bloqueos.ts';
import { TIPOS_FACTURA } from './conversiones.ts';
import type { LadoDocumentos } from './lado.ts';
import { idOf } from './params.ts';
import type { Repositorio } from './repositorio.ts';
import type { Vencimientos } from './vencimientos.ts';

const pagoBody = z.object({
  IdFactura: z.coerce
    .number({ error: MSG.required('Factura') })
    .int()
    .positive({ error: MSG.required('Factura') }),
  Fecha: z.string({ error: MSG.format }).refine(isIsoDate, { error: MSG.format }),
  Importe: z
    .union([z.string(), z.number()], { error: MSG.format })
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => /^-?\d{1,12}(\.\d{1,2})?$/.test(v), { error: MSG.format }),
  IdTesoreria: z.coerce
    .number({ error: MSG.required('Cuenta') })
    .int()
    .positive({ error: MSG.required('Cuenta') }),
  IdConcepto: z.coerce.number().int().positive().nullish(),
  Notas: z
    .string()
    .trim()
    .max(500, { error: MSG.maxLength('Notas', 500) })
    .nullish(),
});
export type PagoInput = z.infer<typeof pagoBody>;
export type Pago = TablaPagos['$inferSelect'];

/** A payment as the API shows it: the stored row itself (its properties are the API's names). */
const json = ({ empresaId: _, CreadoEn: __, ...r }: Pago) => r;

/**
 * Payments of one side's invoices (an engine part): sales collections (`movstesoreriac`, EstadoCobro
 * Pendiente / Cobrado parcialmente / Cobrado) and purchase payments (`movstesoreriap`, EstadoPago Pendiente /
 * Pagado parcialmente / Pagado). Full or partial, from / into a treasury account; every change recomputes the
 * invoice's status and spreads the payments over its due dates.
 */
export function pagosDe(lado: LadoDocumentos, repo: Repositorio, venc: Vencimientos) {
  const { pagos: cv } = lado.pagos.tablas;
  const { cabecera: dv } = lado.tablas;
  const { estados, mensajes } = lado.pagos;
  /** The ledger's kind of this side's payments (collections of sales, payments of purchases). */
  const origenPago = lado.lado === 'venta' ? 'cobro' : 'pago';

  /** Recomputes an invoice's payment status from its payments (the immutability trigger allows that one change). */
  async function recalcularEstado(t: Scope, idFactura: number, total: string): Promise<void> {
    const rows = await t.pick({ importe: cv.Importe }, cv, eq(cv.IdFactura, idFactura));
    const pagado = rows.reduce((s, r) => add(s, dec(r.importe)), ZERO);
    const estado = isZero(pagado)
      ? 'Pendiente'
      : compare(pagado, dec(total)) === 0
        ? estados.liquidado
        : estados.parcial;
    await t.update(dv, { estadoCobro: estado }, eq(dv.id, idFactura));
    await venc.liquidarVencimientos(t, idFactura);
    await lado.pagos.alCambiarEstado?.(t, idFactura, estado);
  }

  /**
   * Records a full or partial payment of an issued / registered invoice, inside the caller's transaction: never
   * above what is pending (below for a negative total), then the invoice's status and due dates are recomputed.
   * With `actual`, that payment is changed in place (what it paid is pending again while checking; a change of
   * invoice recomputes both).
   */
  async function registrarPago(t: Scope, body: PagoInput, actual?: Pago): Promise<Pago> {
    const factura = await repo.cargarCabecera(t, body.IdFactura, TIPOS_FACTURA, true).catch(() => {
      throw fieldError('IdFactura', mensajes.noEmitida);
    });
    if (factura.numero === null || factura.estado === 'Anulada') throw badRequest(mensajes.noEmitida);
    const tc = (f: string) => col(tesoreriaTable, f);
    const [cuenta] = await t.pick({ id: tc('Id') }, tesoreriaTable, eq(tc('Id'), body.IdTesoreria));
    if (!cuenta) throw fieldError('IdTesoreria', MSG_PAGOS.cuenta);
    const importe = dec(body.Importe);
    if (isZero(importe)) throw fieldError('Importe', MSG_PAGOS.importe);
    const otros = actual ? and(eq(cv.IdFactura, factura.id), ne(cv.Id, actual.Id)) : eq(cv.IdFactura, factura.id);
    const previos = await t.pick({ importe: cv.Importe }, cv, otros);
    const pagado = previos.reduce((s, r) => add(s, dec(r.importe)), ZERO);
    const total = dec(factura.total);
    const pendiente = toFixed(sub(total, pagado), 2);
    const despues = add(pagado, importe);
    const fuera = compare(total, ZERO) >= 0 ? compare(despues, total) > 0 : compare(despues, total) < 0;
    if (fuera) throw fieldError('Importe', mensajes.excede(pendiente));
    const values = {
      IdFactura: factura.id,
      Fecha: body.Fecha,
      Importe: toFixed(importe, 2),
      IdTesoreria: body.IdTesoreria,
      IdConcepto: body.IdConcepto ?? null,
      Notas: body.Notas ?? null,
    };
    const [row] = actual
      ? await t.update(cv, values, eq(cv.Id, actual.Id)).returning()
      : await t.insert(cv, values).returning();
    await recalcularEstado(t, factura.id, factura.total);
    if (actual && actual.IdFactura !== factura.id) {
      const antes = await repo.cargarCabecera(t, actual.IdFactura, TIPOS_FACTURA, true);
      await recalcularEstado(t, antes.id, antes.total);
    }
    await asentarDocumentos(t, origenPago, [row!.Id]);
    return row!;
  }

  /** Deletes a payment and recomputes its invoice (inside the caller's transaction). */
  async function borrarPago(t: Scope, id: number): Promise<void> {
    const [row] = await t.select(cv, eq(cv.Id, id));
    if (!row) throw notFound();
    const factura = await repo.cargarCabecera(t, row.IdFactura, TIPOS_FACTURA, true);
    await t.delete(cv, eq(cv.Id, id));
    await recalcularEstado(t, factura.id, factura.total);
    await asentarDocumentos(t, origenPago, [id]);
  }

  /**
   * `/api/tesoreria/{ruta}/list|edit/{id}|save|delete/{id}` (permission TesoMovsCajaBanco), and `save/{id}` (the
   * same checks, in place) when the side declares payments editable.
   */
  function registrarRutasPagos(app: FastifyInstance, deps: AppDeps): void {
    const base = `/api/tesoreria/${lado.pagos.ruta}`;
    const perm = (level: 1 | 2 | 3) => ({ access: access.permission('TesoMovsCajaBanco', level) });
    const r = lado.pagos.resumen;
    const schema = (summary: string) => ({ schema: { tags: ['tesoreria'], summary } });
    const load = async (s: Scope, id: number) => {
      const [row] = await s.select(cv, eq(cv.Id, id));
      if (!row) throw notFound();
      return row;
    };
    const j = lado.json;

    app.get(`${base}/list`, { config: perm(1), ...schema(r.lista) }, async (request) => {
      const scope = deps.scopeOf(request);
      const q = parseListQuery(request.query);
      const conds: SQL[] = [];
      const f = q.Filtros as Record<string, unknown>;
      if (f.IdFactura !== undefined && Number.isSafeInteger(Number(f.IdFactura)))
        conds.push(eq(cv.IdFactura, Number(f.IdFactura)));
      if (f.IdTesoreria !== undefined && Number.isSafeInteger(Number(f.IdTesoreria)))
        conds.push(eq(cv.IdTesoreria, Number(f.IdTesoreria)));
      const dia = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
      if (dia(f.FechaDesde)) conds.push(gte(cv.Fecha, f.FechaDesde as string));
      if (dia(f.FechaHasta)) conds.push(lte(cv.Fecha, f.FechaHasta as string));
      const where = and(...conds);
      // The invoice's number and party beside each payment (the list shows them).
      const rows = await scope
        .pick({ c: cv, NumSerie: dv.numSerie, TerceroNombre: dv.terceroNombre, NumTercero: dv.numTercero }, cv, where)
        .innerJoin(dv, scope.on(dv, eq(dv.id, cv.IdFactura)))
        .orderBy(...(q.Descendente ? [desc(cv.Fecha), desc(cv.Id)] : [asc(cv.Fecha), asc(cv.Id)]))
        .limit(q.TotalPagina)
        .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
      const capped = scope.pick({ one: sql`1` }, cv, where).limit(COUNT_CAP + 1);
      const [count] = await scope.execute<{ n: number }>(() => sql`select count(*)::int as n from (${capped}) c`);
      const total = Number(count?.n ?? 0);
      const items = rows.map((x) => ({
        ...json(x.c),
        NumSerie: x.NumSerie,
        [j.TerceroNombre]: x.TerceroNombre,
        ...(j.NumTercero ? { [j.NumTercero]: x.NumTercero } : {}),
      }));
      return { Items: items, Total: Math.min(total, COUNT_CAP), TotalLimitado: total > COUNT_CAP };
    });

    app.get(`${base}/edit/:id`, { config: perm(1), ...schema(r.ver) }, async (request) => {
      const scope = deps.scopeOf(request);
      return json(await load(scope, idOf(request)));
    });

    app.post(`${base}/save`, { config: perm(2), ...schema(r.registrar) }, async (request, reply) => {
      const scope = deps.scopeOf(request);
      const body = parseBody(pagoBody, request.body) as PagoInput;
      const row = await scope.tx((t) => registrarPago(t, body));
      return reply.status(201).send(json(row));
    });

    if (lado.pagos.editable) {
      app.put(`${base}/save/:id`, { config: perm(2), ...schema(r.cambiar) }, async (request) => {
        const scope = deps.scopeOf(request);
        const id = idOf(request);
        const row = await scope.tx(async (t) => {
          const actual = await load(t, id);
          // a collection / payment of a sent batch or reconciled with the bank statement is locked.
          await comprobarPagoLibre(t, lado.lado === 'venta' ? 'cobro' : 'pago', id);
          return registrarPago(t, parseBody(pagoBody, request.body) as PagoInput, actual);
        });
        return json(row);
      });
    }

    app.delete(`${base}/delete/:id`, { config: perm(3), ...schema(r.borrar) }, async (request) => {
      const scope = deps.scopeOf(request);
      const id = idOf(request);
      await scope.tx(async (t) => {
        await load(t, id);
        await comprobarPagoLibre(t, lado.lado === 'venta' ? 'cobro' : 'pago', id);
        await borrarPago(t, id);
      });
      return { Id: id };
    });
  }

  return { registrarPago, borrarPago, recalcularEstado, registrarRutasPagos };
}

export const MSG_PAGOS = {
  cuenta: 'La cuenta de tesorería no existe',
  importe: 'El importe debe ser distinto de cero',
};

/** A payment or collection as the treasury movements list reads it (`movimientosDePagos`). */
export interface MovimientoPago {
  /** cobro (a sales collection, money in) or pago (a purchase payment, money out). */
  Tipo: 'cobro' | 'pago';
  Id: number;
  IdFactura: number;
  Fecha: string;
  /** As stored (positive for a normal invoice; a corrective invoice's are negative). */
  Importe: string;
  /** Signed for the account's balance: + a collection, − a payment. */
  ImporteCuenta: string;
  IdTesoreria: number;
  IdConcepto: number | null;
  Notas: string | null;
  NumSerie: string | null;
  /** The customer's or supplier's name on the invoice. */
  Tercero: string;
}

export interface FiltrosMovimientos {
  IdTesoreria?: number | undefined;
  FechaDesde?: string | undefined;
  FechaHasta?: string | undefined;
  /** Only collections or only payments. */
  Tipo?: 'cobro' | 'pago' | undefined;
  /** At most this many of each kind (date order); default 5,000. */
  Limite?: number | undefined;
}

const FUENTES: { tipo: 'cobro' | 'pago'; pagos: TablaPagos; cabecera: TablaCabecera; signo: 1 | -1 }[] = [
  { tipo: 'cobro', pagos: cobrosVenta, cabecera: documentosVenta, signo: 1 },
  { tipo: 'pago', pagos: pagosCompra, cabecera: documentosCompra, signo: -1 },
];

/**
 * Collections (sales) and payments (purchases) of a period / account, for the treasury movements list:
 * date order, each with its invoice's number and party, `ImporteCuenta` signed for the account's balance.
 */
export async function movimientosDePagos(t: Scope, filtros: FiltrosMovimientos = {}): Promise<MovimientoPago[]> {
  const out: MovimientoPago[] = [];
  for (const f of FUENTES) {
    if (filtros.Tipo && filtros.Tipo !== f.tipo) continue;
    const { pagos: cv, cabecera: dv } = f;
    const conds: SQL[] = [];
    if (filtros.IdTesoreria !== undefined) conds.push(eq(cv.IdTesoreria, filtros.IdTesoreria));
    if (filtros.FechaDesde) conds.push(gte(cv.Fecha, filtros.FechaDesde));
    if (filtros.FechaHasta) conds.push(lte(cv.Fecha, filtros.FechaHasta));
    const rows = await t
      .pick({ c: cv, NumSerie: dv.numSerie, Tercero: dv.terceroNombre }, cv, and(...conds))
      .innerJoin(dv, t.on(dv, eq(dv.id, cv.IdFactura)))
      .orderBy(asc(cv.Fecha), asc(cv.Id))
      .limit(filtros.Limite ?? 5000);
    for (const r of rows) {
      const c = json(r.c);
      out.push({
        Tipo: f.tipo,
        ...c,
        ImporteCuenta: f.signo === 1 ? c.Importe : toFixed(sub(ZERO, dec(c.Importe)), 2),
        NumSerie: r.NumSerie,
        Tercero: r.Tercero,
      });
    }
  }
  return out.sort((a, b) => a.Fecha.localeCompare(b.Fecha) || a.Tipo.localeCompare(b.Tipo) || a.Id - b.Id);
}
