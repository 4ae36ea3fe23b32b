import { and, asc, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePattern } from '../../platform/crud/filters.ts';
import { COUNT_CAP, type ListQuery, MAX_OFFSET } from '../../platform/crud/listQuery.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { col, fpagoTable, type TablasPlantilla } from '../../platform/tenancy/tables.ts';
import type { EntradaDocumento, LadoDocumentos } from './lado.ts';
import type { Repositorio } from './repositorio.ts';

export type Plantilla = TablasPlantilla['plantillas']['$inferSelect'];
export type LineaPlantilla = TablasPlantilla['lineas']['$inferSelect'];

/** A template line as the API (and a document's save body) shows it: the stored row without its keys. */
const lineaJson = ({ empresaId: _, IdPlantilla: __, Orden: ___, ...l }: LineaPlantilla) => l;

export const MSG_PLANTILLA_USADA =
  'La plantilla ya ha generado facturas: no se puede borrar (dala de baja para que no genere más)';
export const MSG_FORMA_PAGO = 'La forma de pago no existe';

/** A template save body in the engine's words (the party's field of the side's body is `Tercero`). */
export interface EntradaPlantilla {
  Descripcion: string;
  Tercero: number;
  Serie?: number | null | undefined;
  IdFormaPago?: number | null | undefined;
  Observaciones?: string | null | undefined;
  PorcRetencion?: string | null | undefined;
  Periodicidad: string;
  FechaInicio: string;
  ProximaFecha?: string | null | undefined;
  FechaFin?: string | null | undefined;
  Accion: string;
  Baja?: boolean | null | undefined;
  Lineas: EntradaDocumento['Lineas'];
}

/**
 * Recurring invoice templates of one side (an engine part: `fventarec`, `fcomprarec`): load, JSON (the
 * edit answer is a valid save body, the party named by the side), validate and save with the documents' own
 * `preparar` / `resolverSerie`, delete, list, history of the invoices generated.
 */
export function plantillasDe(lado: LadoDocumentos, repo: Repositorio) {
  const rec = lado.recurrentes;
  const { plantillas: pr, lineas: prl, generadas: gen } = rec.tablas;
  const { cabecera: dv } = lado.tablas;
  const j = lado.json;

  async function cargarPlantilla(s: Scope, id: number, lock = false): Promise<Plantilla> {
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    const q = s.select(pr, eq(pr.Id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound();
    return row;
  }

  async function cargarLineasPlantilla(s: Scope, id: number): Promise<LineaPlantilla[]> {
    return s.select(prl, eq(prl.IdPlantilla, id)).orderBy(asc(prl.Orden));
  }

  /** The API shape of a template: the stored row (its properties are the API's names), the party named by the side. */
  function plantillaJson(p: Plantilla, lineas?: LineaPlantilla[], terceroNombre?: string | null) {
    const { empresaId: _, IdTercero, CreadoEn: __, ...r } = p;
    return {
      ...r,
      [j.Tercero]: IdTercero,
      ...(terceroNombre !== undefined ? { [j.TerceroNombre]: terceroNombre } : {}),
      ...(lineas ? { Lineas: lineas.map(lineaJson) } : {}),
    };
  }

  /** The invoice of a template for the period dated `fecha` in the engine's words (notes carry the period). */
  function comoDocumento(
    p: Plantilla,
    lineas: LineaPlantilla[],
    fecha: string,
    notaPeriodo?: string,
  ): EntradaDocumento {
    return {
      Tercero: p.IdTercero,
      Fecha: fecha,
      Serie: p.Serie,
      IdFormaPago: p.IdFormaPago,
      Observaciones: [p.Observaciones, notaPeriodo].filter(Boolean).join('\n') || null,
      PorcRetencion: p.PorcRetencion,
      Lineas: lineas.map(lineaJson),
    };
  }

  /**
   * Validates a template against the company's data with the documents' own `preparar` (party, products, VAT
   * types, totals) and `resolverSerie`, and writes it with its lines. Returns the id.
   */
  async function guardarPlantilla(s: Scope, input: EntradaPlantilla, actual: Plantilla | null): Promise<number> {
    if (!rec.acciones.includes(input.Accion)) throw fieldError('Accion', rec.accionNoValida);
    const prep = await repo.preparar(s, {
      Tercero: input.Tercero,
      Fecha: input.FechaInicio,
      Lineas: input.Lineas,
      PorcRetencion: input.PorcRetencion,
    });
    const idSerie = input.Serie ? await repo.resolverSerie(s, 'factura', input.Serie, false) : null;
    if (input.IdFormaPago) {
      const c = (f: string) => col(fpagoTable, f);
      const [fp] = await s.pick({ id: c('Id') }, fpagoTable, eq(c('Id'), input.IdFormaPago)).limit(1);
      if (!fp) throw fieldError('IdFormaPago', MSG_FORMA_PAGO);
    }
    // The next date: given, else kept (same start date), else the start date.
    const proxima =
      input.ProximaFecha ??
      (actual && actual.FechaInicio === input.FechaInicio ? actual.ProximaFecha : input.FechaInicio);
    const values = {
      Descripcion: input.Descripcion,
      IdTercero: input.Tercero,
      Serie: idSerie,
      IdFormaPago: input.IdFormaPago ?? null,
      Observaciones: input.Observaciones ?? null,
      PorcRetencion: input.PorcRetencion ?? '0',
      Periodicidad: input.Periodicidad,
      FechaInicio: input.FechaInicio,
      ProximaFecha: proxima,
      FechaFin: input.FechaFin ?? null,
      Accion: input.Accion,
      Baja: input.Baja ?? false,
      BaseImponible: prep.cabecera.baseImponible as string,
      Total: prep.cabecera.total as string,
    };
    let id: number;
    if (actual) {
      id = actual.Id;
      await s.update(pr, values, eq(pr.Id, id));
      await s.delete(prl, eq(prl.IdPlantilla, id));
    } else {
      const [row] = await s.insert(pr, values).returning({ id: pr.Id });
      id = row!.id;
    }
    await s.insert(
      prl,
      prep.lineas.map((l) => ({
        IdPlantilla: id,
        Orden: l.orden,
        IdProducto: l.idProducto ?? null,
        Descripcion: l.descripcion,
        Cantidad: l.cantidad,
        Precio: l.precio,
        Descuento: l.descuento ?? '0',
        TipoIva: l.tipoIva,
      })),
    );
    return id;
  }

  async function borrarPlantilla(s: Scope, id: number): Promise<void> {
    await cargarPlantilla(s, id, true);
    const [usada] = await s.pick({ one: sql`1` }, gen, eq(gen.IdPlantilla, id)).limit(1);
    if (usada) throw badRequest(MSG_PLANTILLA_USADA);
    await s.delete(prl, eq(prl.IdPlantilla, id));
    await s.delete(pr, eq(pr.Id, id));
  }

  /** List with filters Buscar (description or party), the party, Periodicidad, Baja, ProximaHasta; capped counts. */
  async function listarPlantillas(scope: Scope, q: ListQuery) {
    const f = q.Filtros as Record<string, unknown>;
    const tt = lado.tercero.table;
    const cc = (n: string) => col(tt, n);
    const conds: (SQL | undefined)[] = [];
    if (typeof f.Baja === 'boolean') conds.push(eq(pr.Baja, f.Baja));
    if (typeof f.Periodicidad === 'string' && f.Periodicidad) conds.push(eq(pr.Periodicidad, f.Periodicidad));
    const tercero = f[j.Tercero];
    if (tercero !== undefined && Number.isSafeInteger(Number(tercero))) conds.push(eq(pr.IdTercero, Number(tercero)));
    if (typeof f.ProximaHasta === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(f.ProximaHasta))
      conds.push(lte(pr.ProximaFecha, f.ProximaHasta));
    if (typeof f.Buscar === 'string' && f.Buscar.trim()) {
      const like = likePattern(f.Buscar.trim());
      conds.push(sql`(${pr.Descripcion} ilike ${like} or ${cc('Nombre')} ilike ${like})`);
    }
    const where = and(...conds.filter(Boolean));
    const join = scope.on(tt, eq(cc('Id'), pr.IdTercero));
    const offset = Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET);
    const orders: Record<string, AnyPgColumn> = {
      ProximaFecha: pr.ProximaFecha,
      Descripcion: pr.Descripcion,
      Total: pr.Total,
    };
    const by = orders[q.Orden ?? ''] ?? pr.ProximaFecha;
    const dir = q.Descendente ? desc : asc;
    const rows = await scope
      .pick({ p: pr, tercero: cc('Nombre') }, pr, where)
      .innerJoin(tt, join)
      .orderBy(dir(by), dir(pr.Id))
      .limit(q.TotalPagina)
      .offset(offset);
    // Capped count: at most COUNT_CAP + 1 one-column rows of the same join (templates are few per company).
    const total = (
      await scope
        .pick({ one: sql`1` }, pr, where)
        .innerJoin(tt, join)
        .limit(COUNT_CAP + 1)
    ).length;
    return {
      Items: rows.map((r) => plantillaJson(r.p, undefined, r.tercero as string)),
      Total: Math.min(total, COUNT_CAP),
      TotalLimitado: total > COUNT_CAP,
    };
  }

  /** The invoices a template generated, newest period first (a deleted draft shows as such). */
  async function historialPlantilla(s: Scope, id: number) {
    await cargarPlantilla(s, id);
    const rows = await s
      .pick(
        {
          Periodo: gen.Periodo,
          IdFactura: gen.IdFactura,
          NumSerie: dv.numSerie,
          Estado: dv.estado,
          Fecha: dv.fecha,
          Total: dv.total,
          GeneradaEn: gen.GeneradaEn,
          EnviadaEn: gen.EnviadaEn,
          ErrorEnvio: gen.ErrorEnvio,
        },
        gen,
        eq(gen.IdPlantilla, id),
      )
      .leftJoin(dv, s.on(dv, eq(dv.id, gen.IdFactura)))
      .orderBy(desc(gen.Periodo))
      .limit(500);
    return { Items: rows.map((r) => ({ ...r, Estado: r.Estado ?? 'Borrada' })) };
  }

  return {
    cargarPlantilla,
    cargarLineasPlantilla,
    plantillaJson,
    comoDocumento,
    guardarPlantilla,
    borrarPlantilla,
    listarPlantillas,
    historialPlantilla,
  };
}
export type Plantillas = ReturnType<typeof plantillasDe>;
