import {
  add,
  agruparExentas,
  CONVERSIONES,
  calcularTotales,
  cantidadPendiente,
  type DestinoConversion,
  type DocumentoVentaInput,
  dec,
  decimalesPrecio,
  ES_FACTURA,
  estadosEditables,
  exencionDeRegimen,
  lineasNoExentas,
  MSG_EXENCIONES,
  MSG_VENTAS,
  superaPendiente,
  type TipoDocumentoVenta,
  type TipoIva,
  TotalsError,
  tieneNifIvaUe,
  tiposSegunRegimen,
  toFixed,
} from '@faro/domain';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../platform/crud/entityRepository.ts';
import { likePattern } from '../../../platform/crud/filters.ts';
import { COUNT_CAP, type ListQuery, MAX_OFFSET } from '../../../platform/crud/listQuery.ts';
import type { Db } from '../../../platform/db/database.ts';
import { col } from '../../../platform/db/entityTable.ts';
import {
  clientesTable,
  documentosVentaLineas as dl,
  documentosVenta as dv,
  empresas,
  productosTable,
  seriesTable,
  tiposivaTable,
} from '../../../platform/db/schema.ts';
import { AppError, badRequest, fieldError, notFound } from '../../../platform/http/errors.ts';
import { tomarNumero } from '../numeracion/numeracion.ts';
import {
  bloquearDocumentos,
  cantidadesLlevadas,
  destinoDeTipo,
  documentosOrigen,
  recalcularOrigenes,
} from './cantidades.ts';

export type Cabecera = typeof dv.$inferSelect;
export type Linea = typeof dl.$inferSelect;

const mine = (empresaId: number, id: number) => and(eq(dv.empresaId, empresaId), eq(dv.id, id));

/** A header of one of `tipos` in the scope's company, optionally locked; 404 when missing or of another kind. */
export async function cargarCabecera(
  db: Db,
  empresaId: number,
  id: number,
  tipos: readonly string[],
  lock = false,
): Promise<Cabecera> {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  const q = db
    .select()
    .from(dv)
    .where(and(mine(empresaId, id), inArray(dv.tipo, [...tipos])));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

export async function cargarLineas(db: Db, empresaId: number, ids: number[]): Promise<Linea[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(dl)
    .where(and(eq(dl.empresaId, empresaId), inArray(dl.idDocumento, ids)))
    .orderBy(asc(dl.idDocumento), asc(dl.orden));
}

export const esEmitida = (h: Cabecera) => ES_FACTURA(h.tipo) && h.numero !== null;

/** The API shape of a document (spec's JSON names). */
export function aJson(h: Cabecera, lineas?: Linea[]): Record<string, unknown> {
  return {
    Id: h.id,
    Tipo: h.tipo,
    Cliente: h.idCliente,
    ClienteNombre: h.clienteNombre,
    ClienteNIF: h.clienteNif,
    ClienteDireccion: h.clienteDireccion,
    ClienteCodPostal: h.clienteCodPostal,
    ClientePoblacion: h.clientePoblacion,
    ClienteProvincia: h.clienteProvincia,
    ClientePais: h.clientePais,
    RegimenIva: h.regimenIva,
    Fecha: h.fecha,
    Serie: h.idSerie,
    Numero: h.numero,
    NumSerie: h.numSerie,
    Estado: h.estado,
    Facturado: h.facturado,
    EstadoCobro: h.estadoCobro,
    IdCentro: h.idCentro,
    IdFormaPago: h.idFormaPago,
    IdComercial: h.idComercial,
    DireccionEnvio: h.direccionEnvio,
    Observaciones: h.observaciones,
    VentasTxtLibre1: h.txtLibre1,
    VentasTxtLibre2: h.txtLibre2,
    VentasTxtLibre3: h.txtLibre3,
    PorcRetencion: h.porcRetencion,
    BaseImponible: h.baseImponible,
    TotalIva: h.totalIva,
    TotalRecargo: h.totalRecargo,
    TotalRetencion: h.totalRetencion,
    Total: h.total,
    Desglose: h.desglose,
    IdRectificada: h.idRectificada,
    TipoRectificativa: h.tipoRectificativa,
    ModoRectificativa: h.modoRectificativa,
    EmitidaEn: h.emitidaEn,
    ...(lineas
      ? {
          Lineas: lineas.map((l) => ({
            Id: l.id,
            IdProducto: l.idProducto,
            Descripcion: l.descripcion,
            Cantidad: l.cantidad,
            Precio: l.precio,
            Descuento: l.descuento,
            TipoIva: l.tipoIva,
            PorcentajeIva: l.porcIva,
            PorcentajeRecargo: l.porcRecargo,
            Importe: l.importe,
            Lote: l.lote,
            Caducidad: l.caducidad,
            IdLineaOrigen: l.idLineaOrigen,
          })),
        }
      : {}),
  };
}

async function tiposIvaDe(db: Db, empresaId: number): Promise<(TipoIva & { Baja: boolean })[]> {
  const c = (f: string) => col(tiposivaTable, f);
  const rows = await db
    .select({
      Valor: c('Valor'),
      Impuesto: c('Impuesto'),
      PorcentajeIva: c('PorcentajeIva'),
      GeneraRecargo: c('GeneraRecargo'),
      PorcentajeRecargo: c('PorcentajeRecargo'),
      Exencion: c('Exencion'),
      Tipo: c('Tipo'),
      Baja: c('Baja'),
    })
    .from(tiposivaTable)
    .where(eq(c('empresaId'), empresaId));
  // A type of class 'exento' at 0 % saved before the cause existed is still an exemption: E6 (otros) until set.
  return rows.map(({ Tipo, ...t }) => ({
    ...t,
    Exencion: (t.Exencion as string | null) ?? (Tipo === 'exento' && Number(t.PorcentajeIva) === 0 ? 'E6' : null),
  })) as never;
}

/** The series of a document: the one given (of the right kind, active) or the kind's default; null when none. */
export async function resolverSerie(
  db: Db,
  empresaId: number,
  tipo: string,
  serieId: number | null | undefined,
  obligatoria: boolean,
): Promise<number | null> {
  const c = (f: string) => col(seriesTable, f);
  const tiposSerie = tipo === 'rectificativa' ? ['rectificativa', 'rectificativasimplificada'] : [tipo];
  if (serieId) {
    const [s] = await db
      .select({ id: c('Id') })
      .from(seriesTable)
      .where(and(eq(c('empresaId'), empresaId), eq(c('Id'), serieId), inArray(c('TipoDocumento'), tiposSerie)))
      .limit(1);
    if (!s) throw fieldError('Serie', MSG_VENTAS.serieNoValida);
    return s.id as number;
  }
  const [d] = await db
    .select({ id: c('Id') })
    .from(seriesTable)
    .where(
      and(eq(c('empresaId'), empresaId), eq(c('TipoDocumento'), tipo), eq(c('Defecto'), true), eq(c('Baja'), false)),
    )
    .orderBy(asc(c('Id')))
    .limit(1);
  if (!d && obligatoria) throw fieldError('Serie', MSG_VENTAS.sinSerie);
  return (d?.id as number | undefined) ?? null;
}

export interface Preparado {
  cabecera: Omit<typeof dv.$inferInsert, 'empresaId' | 'tipo' | 'estado'>;
  lineas: Omit<typeof dl.$inferInsert, 'empresaId' | 'idDocumento'>[];
}

/**
 * Validates a save body against the company's data and computes the authoritative totals: the customer's data is
 * copied, every product and VAT type must exist in the company, the lines carry their rates and amounts.
 */
export async function preparar(db: Db, empresaId: number, input: DocumentoVentaInput): Promise<Preparado> {
  const cc = (f: string) => col(clientesTable, f);
  const [cliente] = (await db
    .select()
    .from(clientesTable)
    .where(and(eq(cc('empresaId'), empresaId), eq(cc('Id'), input.Cliente)))
    .limit(1)) as Record<string, unknown>[];
  if (!cliente) throw fieldError('Cliente', MSG_VENTAS.clienteNoExiste);
  const productIds = [...new Set(input.Lineas.map((l) => l.IdProducto).filter((x): x is number => !!x))];
  if (productIds.length) {
    const pc = (f: string) => col(productosTable, f);
    const found = await db
      .select({ id: pc('Id') })
      .from(productosTable)
      .where(and(eq(pc('empresaId'), empresaId), inArray(pc('Id'), productIds)));
    const ok = new Set(found.map((f) => f.id as number));
    const bad = input.Lineas.findIndex((l) => l.IdProducto && !ok.has(l.IdProducto));
    if (bad >= 0) throw fieldError(`Lineas[${bad}].IdProducto`, MSG_VENTAS.productoNoExiste(bad + 1));
  }
  const tiposConfigurados = await tiposIvaDe(db, empresaId);
  const byValor = new Map(tiposConfigurados.map((t) => [t.Valor, t]));
  input.Lineas.forEach((l, i) => {
    if (!byValor.has(l.TipoIva)) throw fieldError(`Lineas[${i}].TipoIva`, MSG_VENTAS.tipoIvaNoExiste(i + 1, l.TipoIva));
  });
  const regimen = (cliente.RegimenIva as string | null) ?? null;
  if (exencionDeRegimen(regimen) === 'E5' && !tieneNifIvaUe(cliente))
    throw fieldError('Cliente', MSG_EXENCIONES.sinNifIva);
  if (regimen === 'exento') {
    const [n] = lineasNoExentas(input.Lineas, tiposConfigurados);
    if (n) throw fieldError(`Lineas[${n - 1}].TipoIva`, MSG_EXENCIONES.clienteExento(n));
  }
  const tipos = tiposSegunRegimen(tiposConfigurados, regimen);
  const recargo = cliente.RegimenIva === 'recargo';
  const porcRetencion = input.PorcRetencion ?? '0';
  // Unit prices are rounded to the company's decimals (2–6) and stored so: the stored price gives the stored amount.
  const [empresa] = await db
    .select({ decimales: empresas.decimalesRedondeo })
    .from(empresas)
    .where(eq(empresas.id, empresaId))
    .limit(1);
  let totales: ReturnType<typeof calcularTotales>;
  try {
    totales = calcularTotales(
      {
        Lineas: input.Lineas,
        RecargoEquivalencia: recargo,
        PorcRetencion: porcRetencion,
        DecimalesPrecio: decimalesPrecio(empresa?.decimales),
      },
      tipos,
    );
  } catch (error) {
    if (error instanceof TotalsError) throw fieldError(`Lineas[${error.linea ?? 0}]`, error.message);
    throw error;
  }
  const porRecargo = new Map(totales.Desglose.map((d) => [d.TipoIva, d]));
  return {
    cabecera: {
      fecha: input.Fecha,
      idCliente: input.Cliente,
      clienteNombre: String(cliente.Nombre ?? ''),
      clienteNif: (cliente.NIF as string | null) ?? null,
      clienteDireccion: (cliente.Direccion as string | null) ?? null,
      clienteCodPostal: (cliente.CodPostal as string | null) ?? null,
      clientePoblacion: (cliente.Poblacion as string | null) ?? null,
      clienteProvincia: (cliente.Provincia as string | null) ?? null,
      clientePais: (cliente.Pais as string | null) ?? null,
      regimenIva: (cliente.RegimenIva as string | null) ?? null,
      direccionEnvio: input.DireccionEnvio ?? null,
      idCentro: input.IdCentro ?? null,
      idFormaPago: input.IdFormaPago ?? (cliente.IdFormaPago as number | null) ?? null,
      idComercial: input.IdComercial ?? (cliente.IdComercial as number | null) ?? null,
      observaciones: input.Observaciones ?? null,
      txtLibre1: input.VentasTxtLibre1 ?? null,
      txtLibre2: input.VentasTxtLibre2 ?? null,
      txtLibre3: input.VentasTxtLibre3 ?? null,
      porcRetencion,
      baseImponible: totales.BaseImponible,
      totalIva: totales.TotalIva,
      totalRecargo: totales.TotalRecargo,
      totalRetencion: totales.TotalRetencion,
      total: totales.Total,
      desglose: agruparExentas(totales.Desglose),
    },
    lineas: input.Lineas.map((l, i) => {
      const d = porRecargo.get(l.TipoIva);
      return {
        orden: i + 1,
        idProducto: l.IdProducto ?? null,
        descripcion: l.Descripcion,
        cantidad: l.Cantidad,
        precio: totales.Lineas[i]!.Precio,
        descuento: l.Descuento ?? '0',
        tipoIva: l.TipoIva,
        porcIva: d?.PorcentajeIva ?? '0',
        porcRecargo: d?.PorcentajeRecargo ?? '0',
        importe: totales.Lineas[i]!.Importe,
        lote: l.Lote ?? null,
        caducidad: l.Caducidad ?? null,
        idLineaOrigen: (l as { IdLineaOrigen?: number | null }).IdLineaOrigen ?? null,
      };
    }),
  };
}

/** The kind of a new document of a resource (fventa: factura or simplificada). */
export function tipoNuevo(tipos: readonly TipoDocumentoVenta[], input: DocumentoVentaInput): TipoDocumentoVenta {
  if (tipos[0] === 'factura') return input.Simplificada ? 'simplificada' : 'factura';
  return tipos[0]!;
}

/** Creates a document (number taken at creation for quotes, orders and delivery notes when a series applies). */
export async function crearDocumento(
  tx: Db,
  empresaId: number,
  tipo: TipoDocumentoVenta,
  prep: Preparado,
  serie: number | null | undefined,
  estado?: string | null,
): Promise<number> {
  const factura = ES_FACTURA(tipo);
  const estados = estadosEditables(tipo);
  if (estado && !estados.includes(estado)) throw fieldError('Estado', MSG_VENTAS.estadoNoValido);
  const idSerie = await resolverSerie(tx, empresaId, tipo, serie, false);
  const [row] = await tx
    .insert(dv)
    .values({
      ...prep.cabecera,
      empresaId,
      tipo,
      idSerie,
      estado: estado ?? estados[0]!,
      estadoCobro: factura ? 'Pendiente' : null,
    })
    .returning({ id: dv.id });
  const id = row!.id;
  await tx.insert(dl).values(prep.lineas.map((l) => ({ ...l, empresaId, idDocumento: id })));
  if (!factura && idSerie) {
    const n = await tomarNumero(tx, empresaId, idSerie, prep.cabecera.fecha);
    await tx.update(dv).set({ numero: n.Numero, numSerie: n.NumSerie, anyo: n.Anyo }).where(mine(empresaId, id));
  }
  return id;
}

/** Refuses changes to documents that can no longer change (issued invoices, cancelled or invoiced documents). */
export function comprobarEditable(h: Cabecera): void {
  if (esEmitida(h)) throw badRequest(MSG_VENTAS.emitidaInmutable);
  if (h.estado === 'Anulada') throw badRequest(MSG_VENTAS.anulado);
  if (h.facturado) throw badRequest(MSG_VENTAS.facturado);
}

export async function actualizarDocumento(
  tx: Db,
  empresaId: number,
  h: Cabecera,
  prep: Preparado,
  serie: number | null | undefined,
  estado?: string | null,
  idsLineas?: readonly unknown[],
): Promise<void> {
  comprobarEditable(h);
  const tipo = h.tipo as TipoDocumentoVenta;
  if (estado && !estadosEditables(tipo).includes(estado)) throw fieldError('Estado', MSG_VENTAS.estadoNoValido);
  const idSerie = ES_FACTURA(tipo) ? await resolverSerie(tx, empresaId, tipo, serie, false) : h.idSerie;
  // Lines keep their ids (and their origin) when the body gives them back: other documents point at them.
  const antes = await cargarLineas(tx, empresaId, [h.id]);
  const porId = new Map(antes.map((l) => [l.id, l]));
  const conservadas = new Map<number, number>(); // index in the body → existing line id
  idsLineas?.forEach((v, i) => {
    const lineaId = Number(v);
    if (porId.has(lineaId) && ![...conservadas.values()].includes(lineaId)) conservadas.set(i, lineaId);
  });
  const lineas = prep.lineas.map((l, i) => ({
    ...l,
    idLineaOrigen: conservadas.has(i) ? porId.get(conservadas.get(i)!)!.idLineaOrigen : null,
  }));
  const quitadas = antes.filter((l) => ![...conservadas.values()].includes(l.id));
  await bloquearDocumentos(tx, empresaId, await documentosOrigen(tx, empresaId, h.id));
  const esOrigen = await comprobarCantidades(tx, empresaId, h, lineas, conservadas, quitadas);
  if (quitadas.length)
    await tx.delete(dl).where(
      and(
        eq(dl.empresaId, empresaId),
        inArray(
          dl.id,
          quitadas.map((l) => l.id),
        ),
      ),
    );
  await tx
    .update(dv)
    .set({ ...prep.cabecera, idSerie, estado: estado ?? h.estado })
    .where(mine(empresaId, h.id));
  const nuevas = lineas.filter((_, i) => !conservadas.has(i));
  for (const [i, lineaId] of conservadas)
    await tx
      .update(dl)
      .set(lineas[i]!)
      .where(and(eq(dl.empresaId, empresaId), eq(dl.id, lineaId)));
  if (nuevas.length) await tx.insert(dl).values(nuevas.map((l) => ({ ...l, empresaId, idDocumento: h.id })));
  // Quantities carried from other documents may have changed: their statuses follow; so does this document's own
  // (an order delivered in part gets a line more) unless the save sets its status on purpose.
  const origenes = await documentosOrigen(tx, empresaId, h.id);
  if (esOrigen && (!estado || estado === h.estado)) origenes.push(h.id);
  await recalcularOrigenes(tx, empresaId, origenes, true);
}

/**
 * An edit keeps the partial-conversion rules: a line carried from another document stays within what is pending
 * there; a line already carried into other documents can't be removed nor go below what was carried.
 */
async function comprobarCantidades(
  tx: Db,
  empresaId: number,
  h: Cabecera,
  lineas: Preparado['lineas'],
  conservadas: Map<number, number>,
  quitadas: Linea[],
): Promise<boolean> {
  const destino = destinoDeTipo(h.tipo);
  const conOrigen = lineas.flatMap((l, i) => (l.idLineaOrigen ? [{ l, i }] : []));
  if (destino && conOrigen.length) {
    const origenes = conOrigen.map(({ l }) => l.idLineaOrigen as number);
    const cantidades = new Map(
      (
        await tx
          .select({ id: dl.id, cantidad: dl.cantidad })
          .from(dl)
          .where(and(eq(dl.empresaId, empresaId), inArray(dl.id, origenes)))
      ).map((r) => [r.id, r.cantidad]),
    );
    const otras = await cantidadesLlevadas(tx, empresaId, origenes, destino, h.id);
    const pedidoAqui = new Map<number, string>();
    for (const { l, i } of conOrigen) {
      const origen = l.idLineaOrigen as number;
      const cantidadOrigen = cantidades.get(origen);
      if (cantidadOrigen === undefined) continue;
      const suma = toFixed(add(dec(pedidoAqui.get(origen) ?? '0'), dec(l.cantidad)), 3);
      pedidoAqui.set(origen, suma);
      const queda = cantidadPendiente(cantidadOrigen, otras.get(origen) ?? '0');
      if (superaPendiente(suma, queda))
        throw fieldError(`Lineas[${i}].Cantidad`, MSG_VENTAS.cantidadSuperaPendiente(i + 1, queda));
    }
  }
  const llevadas = new Map<DestinoConversion, Map<number, string>>();
  for (const d of CONVERSIONES[h.tipo as TipoDocumentoVenta] ?? []) {
    const dd = destinoDeTipo(d);
    if (dd)
      llevadas.set(
        dd,
        await cantidadesLlevadas(tx, empresaId, [...conservadas.values(), ...quitadas.map((l) => l.id)], dd),
      );
  }
  for (const l of quitadas)
    if ([...llevadas.values()].some((m) => Number(m.get(l.id) ?? 0) !== 0))
      throw badRequest(MSG_VENTAS.lineaConDestino(l.orden));
  for (const [i, lineaId] of conservadas)
    for (const m of llevadas.values()) {
      const llevado = m.get(lineaId);
      if (llevado && Number(llevado) !== 0 && superaPendiente(llevado, lineas[i]!.cantidad))
        throw fieldError(`Lineas[${i}].Cantidad`, MSG_VENTAS.cantidadMenorQueLlevada(i + 1, llevado));
    }
  return [...llevadas.values()].some((m) => m.size > 0);
}

export async function borrarDocumento(tx: Db, empresaId: number, h: Cabecera): Promise<void> {
  if (ES_FACTURA(h.tipo) ? h.numero !== null : h.facturado) throw badRequest(MSG_VENTAS.soloBorradores);
  // A document already carried into another one (its lines are origins) stays: the chain must not break.
  const [convertido] = await tx
    .select({ id: dl.id })
    .from(dl)
    .where(
      and(
        eq(dl.empresaId, empresaId),
        inArray(
          dl.idLineaOrigen,
          tx
            .select({ id: dl.id })
            .from(dl)
            .where(and(eq(dl.empresaId, empresaId), eq(dl.idDocumento, h.id))),
        ),
      ),
    )
    .limit(1);
  if (convertido) throw badRequest(MSG_VENTAS.convertido);
  const origenes = await documentosOrigen(tx, empresaId, h.id);
  await tx.delete(dl).where(and(eq(dl.empresaId, empresaId), eq(dl.idDocumento, h.id)));
  await tx.delete(dv).where(mine(empresaId, h.id));
  // The quantities it had taken are free again.
  await recalcularOrigenes(tx, empresaId, origenes, true);
}

/**
 * Index-backed list: (empresa_id, tipo, fecha, id); filters Estado, Cliente, FechaDesde/Hasta, Facturado, and Buscar
 * (contains, case-insensitive, like the entities' search: number with its series, customer name or NIF; trigram
 * indexes of migration 0014).
 */
export async function listarDocumentos(scope: Scope, tipos: readonly string[], q: ListQuery) {
  const f = q.Filtros as Record<string, unknown>;
  const conds: (SQL | undefined)[] = [eq(dv.empresaId, scope.empresaId), inArray(dv.tipo, [...tipos])];
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  if (str(f.Estado)) conds.push(eq(dv.estado, f.Estado as string));
  if (str(f.EstadoCobro)) conds.push(eq(dv.estadoCobro, f.EstadoCobro as string));
  if (typeof f.Facturado === 'boolean') conds.push(eq(dv.facturado, f.Facturado));
  if (f.Cliente !== undefined && Number.isSafeInteger(Number(f.Cliente)))
    conds.push(eq(dv.idCliente, Number(f.Cliente)));
  if (str(f.FechaDesde) && /^\d{4}-\d{2}-\d{2}$/.test(f.FechaDesde as string))
    conds.push(gte(dv.fecha, f.FechaDesde as string));
  if (str(f.FechaHasta) && /^\d{4}-\d{2}-\d{2}$/.test(f.FechaHasta as string))
    conds.push(lte(dv.fecha, f.FechaHasta as string));
  if (f.Borrador === true) conds.push(isNull(dv.numero));
  const buscar = f.Buscar === undefined || f.Buscar === null ? '' : String(f.Buscar).trim();
  if (buscar) {
    const p = likePattern(buscar);
    conds.push(or(ilike(dv.numSerie, p), ilike(dv.clienteNombre, p), ilike(dv.clienteNif, p)));
  }
  const where = and(...conds.filter(Boolean));
  const offset = Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET);
  const order =
    q.Descendente === false && q.Orden === 'Fecha' ? [asc(dv.fecha), asc(dv.id)] : [desc(dv.fecha), desc(dv.id)];
  const rows = await scope.db
    .select()
    .from(dv)
    .where(where)
    .orderBy(...order)
    .limit(q.TotalPagina)
    .offset(offset);
  const capped = scope.db
    .select({ one: sql`1` })
    .from(dv)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('c');
  const [count] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const total = Number(count?.n ?? 0);
  return {
    Items: rows.map((r) => aJson(r)),
    Total: Math.min(total, COUNT_CAP),
    TotalLimitado: total > COUNT_CAP,
  };
}

export { AppError, CONVERSIONES };
