import { z } from 'zod';
import { lineaVentaSchema } from '../sales/documents.ts';
import { MSG } from '../validation/messages.ts';
import { optionalString } from '../validation/password.ts';
import { isIsoDate } from '../validation/patterns.ts';
import { OPERACIONES_COMPRA } from './totals.ts';

/**
 * Purchase documents (the purchases side of the document engine): supplier orders, delivery notes and
 * received invoices. Same lines, totals and conversions as sales; a received invoice is registered (our gapless
 * registration number, status Registrada) and keeps the supplier's own number and date.
 */
export const TIPOS_DOCUMENTO_COMPRA = {
  dcompra: { tipos: ['pedido'], label: 'Pedido de compra', permission: 'ComprasPedi', module: 'ActPedidosCompra' },
  acompra: {
    tipos: ['albaran'],
    label: 'Albarán de compra',
    permission: 'ComprasAlba',
    module: 'ActAlbaranesCompra',
  },
  // Received invoices and expenses are listed together (spec: fgasto counts as fcompra): fcompra lists both kinds.
  fcompra: { tipos: ['factura', 'gasto'], label: 'Factura de compra', permission: 'ComprasFact', module: undefined },
  fgasto: { tipos: ['gasto'], label: 'Gasto', permission: 'ComprasFact', module: undefined },
} as const;
export type RecursoCompra = keyof typeof TIPOS_DOCUMENTO_COMPRA;
export type TipoDocumentoCompra = (typeof TIPOS_DOCUMENTO_COMPRA)[RecursoCompra]['tipos'][number];
export const RECURSOS_COMPRA = Object.keys(TIPOS_DOCUMENTO_COMPRA) as RecursoCompra[];

/** Statuses per kind; the first is the initial one (a delivery note records goods received). */
export const ESTADOS_COMPRA: Record<TipoDocumentoCompra, readonly string[]> = {
  pedido: ['Pendiente', 'Recibido', 'Anulada'],
  albaran: ['Recibido', 'Anulada'],
  factura: ['Provisional', 'Registrada', 'Anulada'],
  gasto: ['Provisional', 'Registrada', 'Anulada'],
};
/** Payment status of a received invoice (spec section 4). */
export const ESTADOS_PAGO = ['Pendiente', 'Pagado', 'Pagado parcialmente'] as const;

/** Conversions: origin kind → kinds it may become. */
export const CONVERSIONES_COMPRA: Partial<Record<TipoDocumentoCompra, readonly TipoDocumentoCompra[]>> = {
  pedido: ['albaran', 'factura'],
  albaran: ['factura'],
};

/** The series kind (series.TipoDocumento) that numbers each purchase kind. */
export const SERIE_COMPRA: Record<TipoDocumentoCompra, string> = {
  pedido: 'pedidocompra',
  albaran: 'albarancompra',
  factura: 'facturacompra',
  // Expenses take our registration number from the received invoices' series: one gapless book order.
  gasto: 'facturacompra',
};

export const MSG_COMPRAS = {
  proveedorNoExiste: 'El proveedor no existe',
  yaRegistrada: 'La factura ya está registrada: no se puede volver a registrar',
  registradaInmutable: 'La factura está registrada: no se puede modificar ni borrar',
  noRegistrada: 'Sólo se pueden anular facturas registradas',
  variosProveedores: 'Sólo se pueden agrupar en una factura albaranes de un mismo proveedor',
  anularNoPermitido: 'Una factura registrada no se puede anular si ya tiene pagos',
  numeroProveedorDuplicado: (numero: string, anyo: string) =>
    `Ya existe una factura de este proveedor con el número ${numero} en ${anyo}`,
  numeroProveedorObligatorio: 'El número de factura del proveedor es obligatorio para registrarla',
  diferenciaPapel: (diferencia: string, porcentaje: string) =>
    `Los totales tecleados de la factura no coinciden con los calculados (diferencia de ${diferencia} €, ${porcentaje} %): revisa las líneas o acepta la diferencia (AceptarDiferencia)`,
  sinLineasNiDesglose: 'Indica las líneas de la factura o su desglose por tipos de IVA',
  duaObligatorio: 'El número del DUA es obligatorio en una importación',
  proveedorOLibre: 'Indica el proveedor o el nombre del proveedor',
  loteObligatorio: (linea: number) => `Línea ${linea}: el producto tiene trazabilidad por lote: indica el lote`,
  caducidadObligatoria: (linea: number) =>
    `Línea ${linea}: el producto tiene trazabilidad por lote y caducidad: indica la fecha de caducidad`,
  categoriaNoValida: 'La categoría debe ser una cuenta de compras o gastos (grupo 6)',
} as const;

const optionalId = z.coerce.number({ error: MSG.format }).int({ error: MSG.format }).positive().nullish();
const fecha = z.string({ error: MSG.format }).refine(isIsoDate, { error: MSG.format });

const importe = z
  .union([z.string(), z.number()], { error: MSG.format })
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => /^-?\d{1,13}(\.\d{1,2})?$/.test(v), { error: MSG.format });
const porcentaje = z
  .union([z.string(), z.number()], { error: MSG.format })
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, { error: MSG.format });

/** A per-rate breakdown row of an invoice booked without lines (an expense, a bill). */
export const desgloseCompraSchema = z.object({
  TipoIva: z
    .string({ error: MSG.required('Tipo de IVA') })
    .trim()
    .min(1, { error: MSG.required('Tipo de IVA') }),
  Base: importe,
  Concepto: optionalString('Concepto', 200),
});

/** An expense's category: an account of group 6 (the ticket screen and the purchase form word the error apart). */
export const categoriaGasto = (error: string) =>
  z
    .string({ error: MSG.format })
    .trim()
    .regex(/^6\d{0,11}$/, { error })
    .nullish();

/**
 * The received invoice's and expense's own data, beside the engine's header: dates for the books, the
 * kind of operation, the buyer's VAT figures, the IRPF key, the totals typed from the paper, the attached original,
 * and the expense's quick fields.
 */
export const datosCompraSchema = z.object({
  FechaContable: fecha.nullish(),
  FechaDeduccion: fecha.nullish(),
  Operacion: z.enum(OPERACIONES_COMPRA, { error: MSG.format }).nullish(),
  DUA: optionalString('DUA', 40),
  PorcNoDeducible: porcentaje.nullish(),
  PorcAutoliquidacion: porcentaje.nullish(),
  ClaveRetencion: z.enum(['111', '115'], { error: MSG.format }).nullish(),
  BasePapel: importe.nullish(),
  IvaPapel: importe.nullish(),
  TotalPapel: importe.nullish(),
  AceptarDiferencia: z.boolean({ error: MSG.format }).nullish(),
  /** Expenses: a free supplier name (a ticket from someone who is not a supplier), the concept and category. */
  NombreProveedor: optionalString('Nombre del proveedor', 200),
  Concepto: optionalString('Concepto', 200),
  Categoria: categoriaGasto(MSG_COMPRAS.categoriaNoValida),
});
export type DatosCompraInput = z.infer<typeof datosCompraSchema>;

export const documentoCompraSchema = datosCompraSchema.extend({
  // Absent on an expense with a free name (NombreProveedor): the company's 'varios' supplier is used.
  Proveedor: z.coerce
    .number({ error: MSG.required('Proveedor') })
    .int({ error: MSG.format })
    .positive({ error: MSG.required('Proveedor') })
    .nullish(),
  Fecha: fecha,
  Serie: optionalId,
  Estado: z.string({ error: MSG.format }).nullish(),
  /** The supplier's own invoice number and date, as printed on the paper. */
  NumFacturaProveedor: optionalString('Número de factura del proveedor', 50),
  FechaFacturaProveedor: fecha.nullish(),
  IdCentro: optionalId,
  IdFormaPago: optionalId,
  Observaciones: optionalString('Observaciones', 4000),
  ComprasTxtLibre1: optionalString('Texto libre 1', 500),
  ComprasTxtLibre2: optionalString('Texto libre 2', 500),
  ComprasTxtLibre3: optionalString('Texto libre 3', 500),
  PorcRetencion: z
    .union([z.string(), z.number()], { error: MSG.format })
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) < 100, { error: MSG.format })
    .nullish(),
  Lineas: z.array(lineaVentaSchema, { error: MSG.format }).max(1000).nullish(),
  /** Instead of lines: the per-rate breakdown as printed (each row is kept as a one-unit line of that base). */
  Desglose: z.array(desgloseCompraSchema, { error: MSG.format }).max(50).nullish(),
});
export type DocumentoCompraInput = z.infer<typeof documentoCompraSchema>;
