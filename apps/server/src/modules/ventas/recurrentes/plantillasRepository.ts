import type { DocumentoVentaInput, PlantillaRecurrenteInput } from '@faro/domain';
import { and, asc, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { COUNT_CAP, type ListQuery, MAX_OFFSET } from '../../../platform/crud/listQuery.ts';
import { badRequest, fieldError, notFound } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import {
  clientesTable,
  col,
  documentosVenta as dv,
  fpagoTable,
  facturasRecurrentesGeneradas as gen,
  plantillasRecurrentes as pr,
  plantillasRecurrentesLineas as prl,
} from '../../../platform/tenancy/tables.ts';
import { preparar, resolverSerie } from '../documentos/documentosRepository.ts';

export type Plantilla = typeof pr.$inferSelect;
export type LineaPlantilla = typeof prl.$inferSelect;

export const MSG_PLANTILLA_USADA =
  'La plantilla ya ha generado facturas: no se puede borrar (dala de baja para que no genere más)';
export const MSG_FORMA_PAGO = 'La forma de pago no existe';

export async function cargarPlantilla(s: Scope, id: number, lock = false): Promise<Plantilla> {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  const q = s.select(pr, eq(pr.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

export async function cargarLineasPlantilla(s: Scope, id: number): Promise<LineaPlantilla[]> {
  return s.select(prl, eq(prl.idPlantilla, id)).orderBy(asc(prl.orden));
}

/** The API shape of a template (the edit answer is a valid save body). */
export function plantillaJson(p: Plantilla, lineas?: LineaPlantilla[], clienteNombre?: string | null) {
  return {
    Id: p.id,
    Descripcion: p.descripcion,
    Cliente: p.idTercero,
    ...(clienteNombre !== undefined ? { ClienteNombre: clienteNombre } : {}),
    Serie: p.idSerie,
    IdFormaPago: p.idFormaPago,
    Observaciones: p.observaciones,
    PorcRetencion: p.porcRetencion,
    Periodicidad: p.periodicidad,
    FechaInicio: p.fechaInicio,
    ProximaFecha: p.proximaFecha,
    FechaFin: p.fechaFin,
    Accion: p.accion,
    Baja: p.baja,
    UltimoPeriodo: p.ultimoPeriodo,
    UltimoError: p.ultimoError,
    BaseImponible: p.baseImponible,
    Total: p.total,
    ...(lineas
      ? {
          Lineas: lineas.map((l) => ({
            IdProducto: l.idProducto,
            Descripcion: l.descripcion,
            Cantidad: l.cantidad,
            Precio: l.precio,
            Descuento: l.descuento,
            TipoIva: l.tipoIva,
          })),
        }
      : {}),
  };
}

/** The invoice save body of a template for the period dated `fecha` (notes carry the period). */
export function comoDocumento(
  p: Plantilla,
  lineas: LineaPlantilla[],
  fecha: string,
  notaPeriodo?: string,
): DocumentoVentaInput {
  return {
    Cliente: p.idTercero,
    Fecha: fecha,
    Serie: p.idSerie,
    IdFormaPago: p.idFormaPago,
    Observaciones: [p.observaciones, notaPeriodo].filter(Boolean).join('\n') || null,
    PorcRetencion: p.porcRetencion,
    Lineas: lineas.map((l) => ({
      IdProducto: l.idProducto,
      Descripcion: l.descripcion,
      Cantidad: l.cantidad,
      Precio: l.precio,
      Descuento: l.descuento,
      TipoIva: l.tipoIva,
    })),
  };
}

/**
 * Validates a template against the company's data with the documents' own `preparar` (customer, products, VAT
 * types, totals) and `resolverSerie`, and writes it with its lines. Returns the id.
 */
export async function guardarPlantilla(
  s: Scope,
  input: PlantillaRecurrenteInput,
  actual: Plantilla | null,
): Promise<number> {
  const prep = await preparar(s, {
    Cliente: input.Cliente,
    Fecha: input.FechaInicio,
    Lineas: input.Lineas,
    PorcRetencion: input.PorcRetencion,
  } as DocumentoVentaInput);
  const idSerie = input.Serie ? await resolverSerie(s, 'factura', input.Serie, false) : null;
  if (input.IdFormaPago) {
    const c = (f: string) => col(fpagoTable, f);
    const [fp] = await s.pick({ id: c('Id') }, fpagoTable, eq(c('Id'), input.IdFormaPago)).limit(1);
    if (!fp) throw fieldError('IdFormaPago', MSG_FORMA_PAGO);
  }
  // The next date: given, else kept (same start date), else the start date.
  const proxima =
    input.ProximaFecha ??
    (actual && actual.fechaInicio === input.FechaInicio ? actual.proximaFecha : input.FechaInicio);
  const values = {
    descripcion: input.Descripcion,
    idTercero: input.Cliente,
    idSerie,
    idFormaPago: input.IdFormaPago ?? null,
    observaciones: input.Observaciones ?? null,
    porcRetencion: input.PorcRetencion ?? '0',
    periodicidad: input.Periodicidad,
    fechaInicio: input.FechaInicio,
    proximaFecha: proxima,
    fechaFin: input.FechaFin ?? null,
    accion: input.Accion,
    baja: input.Baja ?? false,
    baseImponible: prep.cabecera.baseImponible as string,
    total: prep.cabecera.total as string,
  };
  let id: number;
  if (actual) {
    id = actual.id;
    await s.update(pr, values, eq(pr.id, id));
    await s.delete(prl, eq(prl.idPlantilla, id));
  } else {
    const [row] = await s.insert(pr, values).returning({ id: pr.id });
    id = row!.id;
  }
  await s.insert(
    prl,
    prep.lineas.map((l) => ({
      idPlantilla: id,
      orden: l.orden,
      idProducto: l.idProducto ?? null,
      descripcion: l.descripcion,
      cantidad: l.cantidad,
      precio: l.precio,
      descuento: l.descuento ?? '0',
      tipoIva: l.tipoIva,
    })),
  );
  return id;
}

export async function borrarPlantilla(s: Scope, id: number): Promise<void> {
  await cargarPlantilla(s, id, true);
  const [usada] = await s.pick({ one: sql`1` }, gen, eq(gen.idPlantilla, id)).limit(1);
  if (usada) throw badRequest(MSG_PLANTILLA_USADA);
  await s.delete(prl, eq(prl.idPlantilla, id));
  await s.delete(pr, eq(pr.id, id));
}

/** List with filters Buscar (description or customer), Cliente, Periodicidad, Baja, ProximaHasta; capped counts. */
export async function listarPlantillas(scope: Scope, q: ListQuery) {
  const f = q.Filtros as Record<string, unknown>;
  const cc = (n: string) => col(clientesTable, n);
  const conds: (SQL | undefined)[] = [];
  if (typeof f.Baja === 'boolean') conds.push(eq(pr.baja, f.Baja));
  if (typeof f.Periodicidad === 'string' && f.Periodicidad) conds.push(eq(pr.periodicidad, f.Periodicidad));
  if (f.Cliente !== undefined && Number.isSafeInteger(Number(f.Cliente)))
    conds.push(eq(pr.idTercero, Number(f.Cliente)));
  if (typeof f.ProximaHasta === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(f.ProximaHasta))
    conds.push(lte(pr.proximaFecha, f.ProximaHasta));
  if (typeof f.Buscar === 'string' && f.Buscar.trim()) {
    const like = `%${f.Buscar.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(${pr.descripcion} ilike ${like} or ${cc('Nombre')} ilike ${like})`);
  }
  const where = and(...conds.filter(Boolean));
  const join = scope.on(clientesTable, eq(cc('Id'), pr.idTercero));
  const offset = Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET);
  const orders: Record<string, AnyPgColumn> = {
    ProximaFecha: pr.proximaFecha,
    Descripcion: pr.descripcion,
    Total: pr.total,
  };
  const by = orders[q.Orden ?? ''] ?? pr.proximaFecha;
  const dir = q.Descendente ? desc : asc;
  const rows = await scope
    .pick({ p: pr, cliente: cc('Nombre') }, pr, where)
    .innerJoin(clientesTable, join)
    .orderBy(dir(by), dir(pr.id))
    .limit(q.TotalPagina)
    .offset(offset);
  // Capped count: at most COUNT_CAP + 1 one-column rows of the same join (templates are few per company).
  const total = (
    await scope
      .pick({ one: sql`1` }, pr, where)
      .innerJoin(clientesTable, join)
      .limit(COUNT_CAP + 1)
  ).length;
  return {
    Items: rows.map((r) => plantillaJson(r.p, undefined, r.cliente as string)),
    Total: Math.min(total, COUNT_CAP),
    TotalLimitado: total > COUNT_CAP,
  };
}

/** The invoices a template generated, newest period first (a deleted draft shows as such). */
export async function historialPlantilla(s: Scope, id: number) {
  await cargarPlantilla(s, id);
  const rows = await s
    .pick(
      {
        periodo: gen.periodo,
        idFactura: gen.idFactura,
        generadaEn: gen.generadaEn,
        enviadaEn: gen.enviadaEn,
        errorEnvio: gen.errorEnvio,
        numSerie: dv.numSerie,
        estado: dv.estado,
        fecha: dv.fecha,
        total: dv.total,
      },
      gen,
      eq(gen.idPlantilla, id),
    )
    .leftJoin(dv, s.on(dv, eq(dv.id, gen.idFactura)))
    .orderBy(desc(gen.periodo))
    .limit(500);
  return {
    Items: rows.map((r) => ({
      Periodo: r.periodo,
      IdFactura: r.idFactura,
      NumSerie: r.numSerie,
      Estado: r.estado ?? 'Borrada',
      Fecha: r.fecha,
      Total: r.total,
      GeneradaEn: r.generadaEn,
      EnviadaEn: r.enviadaEn,
      ErrorEnvio: r.errorEnvio,
    })),
  };
}
