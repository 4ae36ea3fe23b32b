import { z } from 'zod';
import { compare, dec, sub, toFixed } from '../money/decimal.ts';
import { MSG } from '../validation/messages.ts';
import { requiredString } from '../validation/password.ts';
import { isIsoDate } from '../validation/patterns.ts';

/**
 * Sales documents: kinds, the route segment of each, statuses (spec section 4) and the save body.
 * The totals come from `calcularTotales` (totals.ts); this file holds the rules both sides need.
 */
export const TIPOS_DOCUMENTO_VENTA = {
  pventa: { tipos: ['presupuesto'], label: 'Presupuesto', permission: 'VentasPresup', module: 'ActPresupuestos' },
  dventa: { tipos: ['pedido'], label: 'Pedido', permission: 'VentasPedi', module: 'ActPedidos' },
  aventa: { tipos: ['albaran'], label: 'Albarán', permission: 'VentasAlba', module: 'ActAlbaranes' },
  fventa: {
    tipos: ['factura', 'simplificada', 'rectificativa'],
    label: 'Factura',
    permission: 'VentasFact',
    module: undefined,
  },
} as const;
export type RecursoVenta = keyof typeof TIPOS_DOCUMENTO_VENTA;
export type TipoDocumentoVenta = (typeof TIPOS_DOCUMENTO_VENTA)[RecursoVenta]['tipos'][number];
export const RECURSOS_VENTA = Object.keys(TIPOS_DOCUMENTO_VENTA) as RecursoVenta[];

/** Statuses per kind (spec section 4); the first is the initial one. */
export const ESTADOS_VENTA: Record<TipoDocumentoVenta, readonly string[]> = {
  presupuesto: ['Activo', 'Anulada'],
  pedido: ['Pendiente', 'Entregado', 'Anulada'],
  albaran: ['Pendiente', 'Enviado', 'Anulada'],
  factura: ['Provisional', 'Emitida', 'Anulada'],
  simplificada: ['Provisional', 'Emitida', 'Anulada'],
  rectificativa: ['Provisional', 'Emitida', 'Anulada'],
};
export const ESTADOS_COBRO = ['Pendiente', 'Cobrado', 'Cobrado parcialmente'] as const;
/** Invoice kinds: numbered when issued / registered (`gasto`: a purchase expense, registered like a received invoice). */
export const ES_FACTURA = (tipo: string) =>
  tipo === 'factura' || tipo === 'simplificada' || tipo === 'rectificativa' || tipo === 'gasto';

/** The status filter's extra value for invoices (spec section 4): NoAnulada = provisional or issued. */
export const NO_ANULADA = 'NoAnulada';
/** The status filter's choices of a kind: its statuses, and NoAnulada for invoice kinds. */
export function estadosFiltro(estados: readonly string[], tipo: string): readonly { value: string; label: string }[] {
  const opciones = estados.map((e) => ({ value: e, label: e }));
  return ES_FACTURA(tipo) ? [...opciones, { value: NO_ANULADA, label: 'No anulada' }] : opciones;
}

/** Statuses a user may set by saving (issuing and cancelling invoices have their own actions). */
export function estadosEditables(tipo: TipoDocumentoVenta): readonly string[] {
  return ES_FACTURA(tipo) ? ['Provisional'] : ESTADOS_VENTA[tipo];
}

/** Conversions: origin kind → kinds it may become. */
export const CONVERSIONES: Partial<Record<TipoDocumentoVenta, readonly TipoDocumentoVenta[]>> = {
  presupuesto: ['pedido', 'albaran', 'factura'],
  pedido: ['albaran', 'factura'],
  albaran: ['factura'],
};

/** Simplified invoices (RD 1619/2012 art. 4): up to 400 € VAT included, 3,000 € for the retail activities. */
export const LIMITE_SIMPLIFICADA = '400';
export const LIMITE_SIMPLIFICADA_MINORISTA = '3000';
export function superaLimiteSimplificada(total: string, minorista: boolean): boolean {
  return compare(dec(total), dec(minorista ? LIMITE_SIMPLIFICADA_MINORISTA : LIMITE_SIMPLIFICADA)) > 0;
}

export const MSG_VENTAS = {
  precioDecimales: (decimales: number) => `El precio admite como máximo ${decimales} decimales`,
  sinLineas: 'El documento debe tener al menos una línea',
  clienteNoExiste: 'El cliente no existe',
  productoNoExiste: (n: number) => `Línea ${n}: el producto no existe`,
  tipoIvaNoExiste: (n: number, t: string) => `Línea ${n}: el tipo de IVA ${t} no existe`,
  serieNoValida: 'La serie no existe o no es de este tipo de documento',
  sinSerie: 'No hay una serie por defecto para este tipo de documento: elige una serie',
  estadoNoValido: 'El estado no es válido para este documento',
  yaEmitida: 'La factura ya está emitida: no se puede volver a emitir',
  emitidaInmutable: 'La factura está emitida: no se puede modificar ni borrar (corrígela con una rectificativa)',
  soloBorradores: 'Sólo se pueden borrar los documentos en borrador',
  convertido: 'El documento ya se ha convertido en otro: no se puede borrar (anúlalo si ya no vale)',
  anulado: 'El documento está anulado: no se puede modificar',
  facturado: 'El documento ya está facturado: no se puede modificar',
  sinNif: 'La factura completa necesita el NIF del cliente',
  limiteSimplificada: (limite: string) =>
    `Una factura simplificada no puede superar ${limite} € (IVA incluido): emite una factura completa`,
  noConvertible: 'Este documento no se puede convertir en el destino indicado',
  lineaYaConvertida: 'Alguna de las líneas ya se ha convertido en un documento de ese tipo',
  variosClientes: 'Sólo se pueden agrupar en una factura albaranes de un mismo cliente',
  noEmitida: 'Sólo se pueden rectificar o anular facturas emitidas',
  yaAnulada: 'La factura ya está anulada',
  anularNoPermitido:
    'Una factura emitida no se puede anular si ya tiene cobros: corrígela con una factura rectificativa',
  rectificativaSinSerie: 'La serie de la factura no tiene serie rectificativa (IdSerieRectificativa)',
  rectificativaR5: 'Una factura simplificada se rectifica con el tipo R5',
  r5SoloSimplificadas: 'El tipo R5 sólo rectifica facturas simplificadas: usa R1–R4',
  rectificativaAnterior: 'La rectificativa no puede tener fecha anterior a la de la factura que rectifica',
  cantidadSuperaPendiente: (n: number, pendiente: string) =>
    `Línea ${n}: la cantidad supera la pendiente de llevar a este destino (${cantidadTexto(pendiente)})`,
  lineaNoDelDocumento: (n: number) => `Línea ${n}: la línea no es de este documento`,
  lineaRepetida: (n: number) => `Línea ${n}: la línea está repetida`,
  lineaConDestino: (n: number) =>
    `Línea ${n}: ya se ha llevado a otro documento: no se puede quitar (anula antes ese documento)`,
  cantidadMenorQueLlevada: (n: number, llevada: string) =>
    `Línea ${n}: la cantidad no puede ser menor que la ya llevada a otros documentos (${cantidadTexto(llevada)})`,
} as const;

/** A quantity as users read it: 2.500 → 2,5; 3.000 → 3. */
export function cantidadTexto(value: string): string {
  const [entero = '0', decimales = ''] = value.split('.');
  const d = decimales.replace(/0+$/, '');
  return d ? `${entero},${d}` : entero;
}

/**
 * Partial conversions: what an origin line has been carried into, per destination kind, and the fields that say so
 * on each line of `edit/{id}` (carried, pending).
 */
export const CAMPOS_LLEVADO = {
  pedido: { llevado: 'Pedido', pendiente: 'PendientePedir' },
  albaran: { llevado: 'Servido', pendiente: 'PendienteServir' },
  factura: { llevado: 'Facturado', pendiente: 'PendienteFacturar' },
} as const;
export type DestinoConversion = keyof typeof CAMPOS_LLEVADO;

const signo = (v: bigint) => (v > 0n ? 1 : v < 0n ? -1 : 0);

/** Pending quantity of a line: its quantity − the carried sum, never past zero (a negative line counts down). */
export function cantidadPendiente(cantidad: string, llevado: string): string {
  const c = dec(cantidad);
  const p = sub(c, dec(llevado));
  return signo(p.units) === signo(c.units) ? toFixed(p, Math.max(3, p.scale)) : '0.000';
}

/** True when `pedida` does not fit in `pendiente` (other sign, or more than it). */
export function superaPendiente(pedida: string, pendiente: string): boolean {
  const q = dec(pedida);
  const p = dec(pendiente);
  if (signo(q.units) === 0) return false;
  if (signo(q.units) !== signo(p.units)) return true;
  return signo(q.units) > 0 ? compare(q, p) > 0 : compare(q, p) < 0;
}

const decimalText = (max: number, scale: number) =>
  z
    .union([z.string(), z.number()], { error: MSG.format })
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => new RegExp(`^[+-]?\\d{1,${max}}(\\.\\d{1,${scale}})?$`).test(v), { error: MSG.format });
const optionalId = z.coerce.number({ error: MSG.format }).int({ error: MSG.format }).positive().nullish();
const texto = (label: string, max: number) =>
  z
    .string({ error: MSG.format })
    .trim()
    .max(max, { error: MSG.maxLength(label, max) })
    .nullish();
const fecha = z.string({ error: MSG.format }).refine(isIsoDate, { error: MSG.format });

export const lineaVentaSchema = z.object({
  Id: z.unknown().optional(),
  IdProducto: optionalId,
  Descripcion: requiredString('Descripción', 2000),
  Cantidad: decimalText(12, 3),
  Precio: decimalText(12, 6),
  Descuento: decimalText(3, 2)
    .refine((v) => Number(v) >= 0 && Number(v) <= 100, { error: MSG.format })
    .nullish(),
  TipoIva: z
    .string({ error: MSG.required('Tipo de IVA') })
    .trim()
    .min(1, { error: MSG.required('Tipo de IVA') }),
  Lote: texto('Lote', 50),
  Caducidad: fecha.nullish(),
});

export const documentoVentaSchema = z.object({
  Cliente: z.coerce
    .number({ error: MSG.required('Cliente') })
    .int({ error: MSG.format })
    .positive({
      error: MSG.required('Cliente'),
    }),
  Fecha: fecha,
  Serie: optionalId,
  Estado: z.string({ error: MSG.format }).nullish(),
  Simplificada: z.boolean({ error: MSG.format }).nullish(),
  IdCentro: optionalId,
  IdFormaPago: optionalId,
  IdComercial: optionalId,
  DireccionEnvio: texto('Dirección de envío', 500),
  Observaciones: texto('Observaciones', 4000),
  VentasTxtLibre1: texto('Texto libre 1', 500),
  VentasTxtLibre2: texto('Texto libre 2', 500),
  VentasTxtLibre3: texto('Texto libre 3', 500),
  PorcRetencion: decimalText(3, 2)
    .refine((v) => Number(v) >= 0 && Number(v) < 100, { error: MSG.format })
    .nullish(),
  Lineas: z
    .array(lineaVentaSchema, { error: MSG.format })
    .min(1, { error: 'El documento debe tener al menos una línea' })
    .max(1000),
});
export type DocumentoVentaInput = z.infer<typeof documentoVentaSchema>;

/**
 * The `plantemail` Tipo of each document kind: the e-mail template the server and the send dialog pick. Every kind
 * is listed (checked); it is read with the stored kind's text.
 */
export const TIPO_PLANTILLA: Readonly<Record<string, string>> = {
  presupuesto: 'presupuesto',
  pedido: 'pedido',
  albaran: 'albaran',
  factura: 'factura',
  simplificada: 'factura',
  rectificativa: 'factura',
} satisfies Record<TipoDocumentoVenta, string>;
