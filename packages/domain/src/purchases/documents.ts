import { z } from 'zod';
import { lineaVentaSchema } from '../sales/documents.ts';
import { MSG } from '../validation/messages.ts';

/**
 * Purchase documents (issue 12: the purchases side of the document engine): supplier orders, delivery notes and
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
  fcompra: { tipos: ['factura'], label: 'Factura de compra', permission: 'ComprasFact', module: undefined },
} as const;
export type RecursoCompra = keyof typeof TIPOS_DOCUMENTO_COMPRA;
export type TipoDocumentoCompra = (typeof TIPOS_DOCUMENTO_COMPRA)[RecursoCompra]['tipos'][number];
export const RECURSOS_COMPRA = Object.keys(TIPOS_DOCUMENTO_COMPRA) as RecursoCompra[];

/** Statuses per kind; the first is the initial one (a delivery note records goods received). */
export const ESTADOS_COMPRA: Record<TipoDocumentoCompra, readonly string[]> = {
  pedido: ['Pendiente', 'Recibido', 'Anulada'],
  albaran: ['Recibido', 'Anulada'],
  factura: ['Provisional', 'Registrada', 'Anulada'],
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
};

export const MSG_COMPRAS = {
  proveedorNoExiste: 'El proveedor no existe',
  yaRegistrada: 'La factura ya está registrada: no se puede volver a registrar',
  registradaInmutable: 'La factura está registrada: no se puede modificar ni borrar',
  noRegistrada: 'Sólo se pueden anular facturas registradas',
  variosProveedores: 'Sólo se pueden agrupar en una factura albaranes de un mismo proveedor',
  anularNoPermitido: 'Una factura registrada no se puede anular si ya tiene pagos',
} as const;

const texto = (label: string, max: number) =>
  z
    .string({ error: MSG.format })
    .trim()
    .max(max, { error: MSG.maxLength(label, max) })
    .nullish();
const optionalId = z.coerce.number({ error: MSG.format }).int({ error: MSG.format }).positive().nullish();
const fecha = z.string({ error: MSG.format }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.format });

export const documentoCompraSchema = z.object({
  Proveedor: z.coerce
    .number({ error: MSG.required('Proveedor') })
    .int({ error: MSG.format })
    .positive({ error: MSG.required('Proveedor') }),
  Fecha: fecha,
  Serie: optionalId,
  Estado: z.string({ error: MSG.format }).nullish(),
  /** The supplier's own invoice number and date, as printed on the paper. */
  NumFacturaProveedor: texto('Número de factura del proveedor', 50),
  FechaFacturaProveedor: fecha.nullish(),
  IdCentro: optionalId,
  IdFormaPago: optionalId,
  Observaciones: texto('Observaciones', 4000),
  ComprasTxtLibre1: texto('Texto libre 1', 500),
  ComprasTxtLibre2: texto('Texto libre 2', 500),
  ComprasTxtLibre3: texto('Texto libre 3', 500),
  PorcRetencion: z
    .union([z.string(), z.number()], { error: MSG.format })
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) < 100, { error: MSG.format })
    .nullish(),
  Lineas: z
    .array(lineaVentaSchema, { error: MSG.format })
    .min(1, { error: 'El documento debe tener al menos una línea' })
    .max(1000),
});
export type DocumentoCompraInput = z.infer<typeof documentoCompraSchema>;
