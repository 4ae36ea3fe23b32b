import {
  AUTOLIQUIDA,
  type DatosCompraInput,
  type DocumentoCompraInput,
  datosCompraSchema,
  diferenciaPapel,
  importesCompra,
  MSG_COMPRAS,
  MSG_TOTALES_COMPRA,
} from '@faro/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  col,
  datosCompra,
  documentosCompra,
  ficheros,
  productosTable,
  proveedoresTable,
  tiposivaTable,
} from '../../platform/tenancy/tables.ts';
import type { Cabecera, EntradaDocumento } from '../documentos/lado.ts';

/**
 * Received invoices and expenses: what the purchase side adds to the engine's save, load and register —
 * the purchase-only data in `datos_compra`, the supplier's number unique per supplier and year, the breakdown
 * without lines, the free-name expense, lots required on receipt, the buyer's VAT figures and the typed-totals check.
 */

/** Kinds with purchase data (a `datos_compra` row): received invoices and expenses. */
const CON_DATOS = new Set(['factura', 'gasto']);
/** The supplier an expense with a free name is booked on (created on first use). */
export const PROVEEDOR_VARIOS = { Codigo: 'VARIOS', Nombre: 'Proveedores varios' } as const;

/** A purchase save body (Proveedor, ComprasTxtLibre*, the supplier's number, a breakdown) in the engine's words. */
export function entradaCompra(input: DocumentoCompraInput): EntradaDocumento {
  const {
    Proveedor,
    ComprasTxtLibre1,
    ComprasTxtLibre2,
    ComprasTxtLibre3,
    NumFacturaProveedor,
    FechaFacturaProveedor,
    Lineas,
    Desglose,
    ...resto
  } = input;
  // Booked without lines: each rate of the paper's breakdown is one line of its base.
  const lineas = Lineas?.length
    ? Lineas
    : (Desglose ?? []).map((d) => ({
        Descripcion: d.Concepto || input.Concepto || `Base al tipo ${d.TipoIva}`,
        Cantidad: '1',
        Precio: d.Base,
        TipoIva: d.TipoIva,
      }));
  if (!lineas.length) throw fieldError('Lineas', MSG_COMPRAS.sinLineasNiDesglose);
  return {
    ...resto,
    // 0: an expense with a free supplier name (resolved to the company's VARIOS supplier before it is prepared).
    Tercero: Proveedor ?? 0,
    TxtLibre1: ComprasTxtLibre1,
    TxtLibre2: ComprasTxtLibre2,
    TxtLibre3: ComprasTxtLibre3,
    NumTercero: NumFacturaProveedor,
    FechaTercero: FechaFacturaProveedor,
    Lineas: lineas,
  };
}

const datosDe = (body: unknown): DatosCompraInput => parseBody(datosCompraSchema, body) as DatosCompraInput;

/** The id of the company's VARIOS supplier, created the first time an expense names a free supplier. */
async function proveedorVarios(t: Scope): Promise<number> {
  const c = (f: string) => col(proveedoresTable, f);
  const [row] = await t.pick({ id: c('Id') }, proveedoresTable, eq(c('Codigo'), PROVEEDOR_VARIOS.Codigo)).limit(1);
  if (row) return row.id as number;
  await t.insert(proveedoresTable, { ...PROVEEDOR_VARIOS, Pais: 'ES' } as never);
  return proveedorVarios(t);
}

/**
 * The supplier's invoice number is unique per supplier and year (the supplier's date, else ours) among the
 * received invoices not cancelled: 400 on the field.
 */
async function comprobarNumeroProveedor(
  t: Scope,
  h: { idTercero: number; numTercero: string | null | undefined; fechaTercero?: string | null; fecha: string },
  id?: number,
): Promise<void> {
  const numero = h.numTercero?.trim();
  if (!numero) return;
  const d = documentosCompra;
  const anyo = (h.fechaTercero ?? h.fecha).slice(0, 4);
  const [otra] = await t
    .pick(
      { id: d.id },
      d,
      and(
        eq(d.tipo, 'factura'),
        eq(d.idTercero, h.idTercero),
        ne(d.estado, 'Anulada'),
        sql`lower(${d.numTercero}) = lower(${numero})`,
        sql`date_part('year', coalesce(${d.fechaTercero}, ${d.fecha})) = ${Number(anyo)}`,
        id ? ne(d.id, id) : undefined,
      ),
    )
    .limit(1);
  if (otra) throw fieldError('NumFacturaProveedor', MSG_COMPRAS.numeroProveedorDuplicado(numero, anyo));
}

/** Products with traceability by lot (and expiry) need them on every line that brings goods in. */
async function comprobarLotes(t: Scope, input: EntradaDocumento): Promise<void> {
  const ids = [...new Set(input.Lineas.map((l) => l.IdProducto).filter((x): x is number => !!x))];
  if (!ids.length) return;
  const pc = (f: string) => col(productosTable, f);
  const traza = new Map(
    (
      (await t.pick({ id: pc('Id'), traza: pc('Trazabilidad') }, productosTable, inArray(pc('Id'), ids))) as {
        id: number;
        traza: string | null;
      }[]
    ).map((p) => [p.id, p.traza]),
  );
  input.Lineas.forEach((l, i) => {
    // A line carried from an order or delivery note keeps what its origin said (the receipt is where lots go).
    if (!l.IdProducto || l.IdLineaOrigen) return;
    const tz = traza.get(l.IdProducto);
    if ((tz === 'lote' || tz === 'lotefecha') && !l.Lote?.trim())
      throw fieldError(`Lineas[${i}].Lote`, MSG_COMPRAS.loteObligatorio(i + 1));
    if (tz === 'lotefecha' && !l.Caducidad)
      throw fieldError(`Lineas[${i}].Caducidad`, MSG_COMPRAS.caducidadObligatoria(i + 1));
  });
}

/** VAT types the supplier charges on the lines (to refuse VAT on a self-assessed operation). */
async function comprobarAutoliquidacion(t: Scope, input: EntradaDocumento, datos: DatosCompraInput): Promise<void> {
  if (!AUTOLIQUIDA(datos.Operacion)) return;
  const c = (f: string) => col(tiposivaTable, f);
  const conIva = new Set(
    (
      (await t.pick({ v: c('Valor') }, tiposivaTable, sql`${c('PorcentajeIva')} <> 0`)) as {
        v: string;
      }[]
    ).map((r) => r.v),
  );
  const i = input.Lineas.findIndex((l) => conIva.has(l.TipoIva));
  if (i >= 0) throw fieldError(`Lineas[${i}].TipoIva`, MSG_TOTALES_COMPRA.autoliquidadaConIva(i + 1));
}

/** Before a purchase save is prepared: the free-name supplier, lots on receipt, the supplier's number. */
export async function antesDeGuardar(
  t: Scope,
  recurso: string,
  input: EntradaDocumento,
  body: unknown,
  id?: number,
): Promise<void> {
  const datos = datosDe(body);
  if (!input.Tercero) {
    if (recurso !== 'fgasto' || !datos.NombreProveedor) throw fieldError('Proveedor', MSG_COMPRAS.proveedorOLibre);
    input.Tercero = await proveedorVarios(t);
  }
  if (recurso === 'acompra' || recurso === 'fcompra') await comprobarLotes(t, input);
  if (recurso === 'fcompra' || recurso === 'fgasto') await comprobarAutoliquidacion(t, input, datos);
  if (recurso === 'fcompra')
    await comprobarNumeroProveedor(
      t,
      { idTercero: input.Tercero, numTercero: input.NumTercero, fechaTercero: input.FechaTercero, fecha: input.Fecha },
      id,
    );
}

const o = <T>(v: T | null | undefined) => v ?? null;

/** After a received invoice or expense is written: its purchase data (`datos_compra`). */
export async function despuesDeGuardar(t: Scope, _recurso: string, id: number, body: unknown): Promise<void> {
  const [h] = await t.pick({ tipo: documentosCompra.tipo }, documentosCompra, eq(documentosCompra.id, id));
  if (!h || !CON_DATOS.has(h.tipo)) return;
  const d = datosDe(body);
  const lineas = (body as { Lineas?: unknown[] | null }).Lineas;
  const valores = {
    fechaContable: o(d.FechaContable),
    fechaDeduccion: o(d.FechaDeduccion),
    operacion: d.Operacion ?? 'interior',
    dua: o(d.DUA),
    porcNoDeducible: d.PorcNoDeducible ?? '0',
    porcAutoliquidacion: AUTOLIQUIDA(d.Operacion) ? (d.PorcAutoliquidacion ?? '21') : null,
    claveRetencion: o(d.ClaveRetencion),
    basePapel: o(d.BasePapel),
    ivaPapel: o(d.IvaPapel),
    totalPapel: o(d.TotalPapel),
    aceptarDiferencia: d.AceptarDiferencia === true,
    sinLineas: !lineas?.length,
    nombreLibre: o(d.NombreProveedor),
    concepto: o(d.Concepto),
    categoria: o(d.Categoria),
  };
  await t
    .insert(datosCompra, { idDocumento: id, ...valores })
    .onConflictDoUpdate({ target: [datosCompra.empresaId, datosCompra.idDocumento], set: valores });
}

type Datos = typeof datosCompra.$inferSelect;

async function cargarDatos(s: Scope, id: number): Promise<Datos | undefined> {
  const [row] = await s.select(datosCompra, eq(datosCompra.idDocumento, id));
  return row;
}

const papelDe = (d: Datos | undefined) => ({
  BaseImponible: d?.basePapel ?? null,
  TotalIva: d?.ivaPapel ?? null,
  Total: d?.totalPapel ?? null,
});

/** `edit/{id}` of a received invoice or expense: its purchase data, the buyer's VAT figures, the paper's difference. */
export async function alCargarCompra(
  s: Scope,
  _recurso: string,
  h: Cabecera,
  json: Record<string, unknown>,
): Promise<void> {
  if (!CON_DATOS.has(h.tipo)) return;
  const d = await cargarDatos(s, h.id);
  let adjunto: Record<string, unknown> | null = null;
  if (d?.idFichero) {
    const [f] = await s.pick(
      { Nombre: ficheros.nombre, Tipo: ficheros.tipo, Tamano: ficheros.tamano },
      ficheros,
      eq(ficheros.id, d.idFichero),
    );
    adjunto = f ?? null;
  }
  if (d?.nombreLibre) json.ProveedorNombre = d.nombreLibre;
  Object.assign(json, {
    FechaContable: d?.fechaContable ?? null,
    FechaDeduccion: d?.fechaDeduccion ?? null,
    Operacion: d?.operacion ?? 'interior',
    DUA: d?.dua ?? null,
    PorcNoDeducible: d?.porcNoDeducible ?? '0.00',
    PorcAutoliquidacion: d?.porcAutoliquidacion ?? null,
    ClaveRetencion: d?.claveRetencion ?? null,
    BasePapel: d?.basePapel ?? null,
    IvaPapel: d?.ivaPapel ?? null,
    TotalPapel: d?.totalPapel ?? null,
    AceptarDiferencia: d?.aceptarDiferencia ?? false,
    SinLineas: d?.sinLineas ?? false,
    NombreProveedor: d?.nombreLibre ?? null,
    Concepto: d?.concepto ?? null,
    Categoria: d?.categoria ?? null,
    Adjunto: adjunto,
    ...importesCompra(
      {
        BaseImponible: h.baseImponible,
        TotalIva: h.totalIva,
        Total: h.total,
        Desglose: (h.desglose ?? []) as { Base: string; Cuota: string }[],
      },
      {
        Operacion: (d?.operacion ?? 'interior') as never,
        PorcNoDeducible: d?.porcNoDeducible,
        PorcAutoliquidacion: d?.porcAutoliquidacion,
      },
    ),
    DiferenciaPapel: diferenciaPapel(
      { BaseImponible: h.baseImponible, TotalIva: h.totalIva, Total: h.total },
      papelDe(d),
    ),
  });
}

/**
 * Registering a received invoice or expense (before its number, inside the transaction): the supplier's number
 * present and unique, an import's DUA, and the totals typed from the paper equal to the computed ones unless the
 * difference was accepted. The purchase data row is made sure of (it is frozen with the invoice).
 */
export async function antesDeRegistrar(t: Scope, h: Cabecera): Promise<void> {
  let d = await cargarDatos(t, h.id);
  if (!d) {
    [d] = await t.insert(datosCompra, { idDocumento: h.id }).returning();
  }
  if (h.tipo === 'factura') {
    if (!h.numTercero?.trim()) throw fieldError('NumFacturaProveedor', MSG_COMPRAS.numeroProveedorObligatorio);
    await comprobarNumeroProveedor(t, h, h.id);
  }
  if (d?.operacion === 'importacion' && !d.dua?.trim()) throw fieldError('DUA', MSG_COMPRAS.duaObligatorio);
  const dif = diferenciaPapel({ BaseImponible: h.baseImponible, TotalIva: h.totalIva, Total: h.total }, papelDe(d));
  if (dif?.HayDiferencia && !d?.aceptarDiferencia) {
    const peor =
      dif.Campos.find((c) => c.Campo === 'Total' && Number(c.Diferencia) !== 0) ??
      dif.Campos.find((c) => Number(c.Diferencia) !== 0)!;
    throw new AppError(400, MSG_COMPRAS.diferenciaPapel(peor.Diferencia, dif.Porcentaje), [
      { Campo: 'TotalPapel', Mensaje: MSG_COMPRAS.diferenciaPapel(peor.Diferencia, dif.Porcentaje) },
    ]);
  }
}
