import {
  CONVERSIONES,
  calcularTotales,
  decimalesPrecio,
  ES_FACTURA,
  ESTADOS_VENTA,
  MSG,
  MSG_VENTAS,
  precioCabe,
  type RecursoVenta,
  TIPOS_DOCUMENTO_VENTA,
  type TipoDocumentoVenta,
  type TipoIva,
  type Totales,
} from '@faro/domain';
import type { ListValues } from '../../ui/list/usePagedList.ts';

/**
 * Sales documents in the browser: the API shapes, labels per resource, the editor's values ↔ save body, client
 * validation and the live totals (always the domain's `calcularTotales`, the server's own function).
 */

export interface LineaDoc {
  Id?: number;
  IdProducto: number | null;
  Descripcion: string;
  Cantidad: string;
  Precio: string;
  Descuento: string | null;
  TipoIva: string;
  Importe?: string;
  IdLineaOrigen?: number | null;
  Lote?: string | null;
  Caducidad?: string | null;
  /** Partial conversions (`edit/{id}` of quotes, orders, delivery notes): carried and pending per destination. */
  Pedido?: string;
  PendientePedir?: string;
  Servido?: string;
  PendienteServir?: string;
  Facturado?: string;
  PendienteFacturar?: string;
}

export interface DesgloseDoc {
  TipoIva: string;
  PorcentajeIva: string;
  PorcentajeRecargo: string;
  Base: string;
  Cuota: string;
  CuotaRecargo: string;
}

/** A document as the API answers it (`aJson` on the server). */
export interface DocumentoVenta {
  Id: number;
  /** The kind (sales: presupuesto…rectificativa; purchases also gasto). */
  Tipo: TipoDocumentoVenta;
  Cliente: number;
  ClienteNombre: string;
  ClienteNIF: string | null;
  ClienteDireccion?: string | null;
  ClienteCodPostal?: string | null;
  ClientePoblacion?: string | null;
  ClienteProvincia?: string | null;
  RegimenIva?: string | null;
  Fecha: string;
  Serie: number | null;
  Numero: number | null;
  NumSerie: string | null;
  Estado: string;
  Facturado: boolean;
  EstadoCobro: string | null;
  IdFormaPago: number | null;
  IdComercial?: number | null;
  DireccionEnvio?: string | null;
  Observaciones: string | null;
  VentasTxtLibre1: string | null;
  VentasTxtLibre2: string | null;
  VentasTxtLibre3: string | null;
  PorcRetencion: string | null;
  BaseImponible: string;
  TotalIva: string;
  TotalRecargo: string;
  TotalRetencion: string;
  Total: string;
  Desglose?: DesgloseDoc[];
  IdRectificada?: number | null;
  TipoRectificativa?: string | null;
  ModoRectificativa?: string | null;
  /** VeriFactu: the AEAT cotejo URL of an issued invoice's QR. */
  UrlQr?: string | null;
  /** Warehouse the stock leaves from (delivery notes and invoices, stock module). */
  IdAlmacen?: number | null;
  /** Due dates of an invoice (from its payment method). */
  Vencimientos?: Vencimiento[];
  /** A received invoice or expense: the supplier's own number and date and the purchase data. */
  NumFacturaProveedor?: string | null;
  FechaFacturaProveedor?: string | null;
  FechaContable?: string | null;
  FechaDeduccion?: string | null;
  Operacion?: string | null;
  DUA?: string | null;
  PorcNoDeducible?: string | null;
  PorcAutoliquidacion?: string | null;
  ClaveRetencion?: string | null;
  BasePapel?: string | null;
  IvaPapel?: string | null;
  TotalPapel?: string | null;
  AceptarDiferencia?: boolean | null;
  NombreProveedor?: string | null;
  Concepto?: string | null;
  Categoria?: string | null;
  SinLineas?: boolean;
  Adjunto?: { Nombre: string; Tipo: string; Tamano: number } | null;
  CuotaDeducible?: string | null;
  CuotaNoDeducible?: string | null;
  CuotaAutoliquidada?: string | null;
  TotalAPagar?: string | null;
  Lineas?: LineaDoc[];
}

export interface Vencimiento {
  Plazo: number;
  Fecha: string;
  Importe: string;
  Cobrado: string;
  Pendiente: string;
  Estado: string;
}

export const RECURSO_DE_TIPO: Record<TipoDocumentoVenta, RecursoVenta> = {
  presupuesto: 'pventa',
  pedido: 'dventa',
  albaran: 'aventa',
  factura: 'fventa',
  simplificada: 'fventa',
  rectificativa: 'fventa',
};

export const ETIQUETA_TIPO: Record<TipoDocumentoVenta, string> = {
  presupuesto: 'Presupuesto',
  pedido: 'Pedido',
  albaran: 'Albarán',
  factura: 'Factura',
  simplificada: 'Factura simplificada',
  rectificativa: 'Factura rectificativa',
};

/** Titles and words per resource (gender for "Nuevo/Nueva"). */
export const RECURSOS: Record<
  RecursoVenta,
  { plural: string; singular: string; nuevo: string; tipo: TipoDocumentoVenta }
> = {
  pventa: { plural: 'Presupuestos', singular: 'Presupuesto', nuevo: 'Nuevo presupuesto', tipo: 'presupuesto' },
  dventa: { plural: 'Pedidos', singular: 'Pedido', nuevo: 'Nuevo pedido', tipo: 'pedido' },
  aventa: { plural: 'Albaranes', singular: 'Albarán', nuevo: 'Nuevo albarán', tipo: 'albaran' },
  fventa: { plural: 'Facturas', singular: 'Factura', nuevo: 'Nueva factura', tipo: 'factura' },
};

export const esRecursoVenta = (a: string): a is RecursoVenta => Object.hasOwn(TIPOS_DOCUMENTO_VENTA, a);

/** Status badge colours (both sides). */
export const COLOR_ESTADO: Record<string, string> = {
  Activo: 'blue',
  Recibido: 'teal',
  Registrada: 'blue',
  Pagado: 'green',
  'Pagado parcialmente': 'orange',
  Pendiente: 'yellow',
  Entregado: 'teal',
  Enviado: 'teal',
  Provisional: 'gray',
  Emitida: 'blue',
  Anulada: 'red',
  Cobrado: 'green',
  'Cobrado parcialmente': 'orange',
  Facturado: 'grape',
};

export const ESTADOS_RECURSO = (recurso: RecursoVenta): readonly string[] => ESTADOS_VENTA[RECURSOS[recurso].tipo];

/** Destinations of a conversion from a kind, as resources. */
export function destinosConversion(tipo: TipoDocumentoVenta): RecursoVenta[] {
  return (CONVERSIONES[tipo] ?? []).map((t) => RECURSO_DE_TIPO[t]);
}

export const esEmitida = (d: Pick<DocumentoVenta, 'Tipo' | 'Numero'>) => ES_FACTURA(d.Tipo) && d.Numero !== null;
export const esBorradorFactura = (d: Pick<DocumentoVenta, 'Tipo' | 'Numero'>) =>
  ES_FACTURA(d.Tipo) && d.Numero === null;

/** Why a document cannot be edited any more (null when it can). */
export function motivoSoloLectura(
  d: DocumentoVenta | undefined,
  /** The side's words for an issued (sales) or registered (purchases) invoice. */
  emitida = 'Factura emitida: no se puede modificar. Corrígela con una factura rectificativa.',
): string | null {
  if (!d) return null;
  if (esEmitida(d)) return emitida;
  if (d.Estado === 'Anulada') return MSG_VENTAS.anulado;
  if (d.Facturado) return MSG_VENTAS.facturado;
  return null;
}

/** What the user may do with a document (the server checks the same rules again). */
export interface AccionesPermitidas {
  convertir: RecursoVenta[];
  emitir: boolean;
  anular: boolean;
  rectificar: boolean;
  cobrar: boolean;
  borrar: boolean;
  enviar: boolean;
  /** A new document of the same kind with this one's customer and lines. */
  duplicar: boolean;
}

/** What differs per side in the allowed actions (sales by default). */
export interface LadoAcciones {
  conversiones: Partial<Record<string, readonly string[]>>;
  recursoDeTipo: Record<string, string>;
  rectificar: boolean;
  pago: { pagado: string };
}

export function accionesPermitidas(
  d: DocumentoVenta,
  level: number,
  nivelCobros: number,
  lado?: LadoAcciones,
): AccionesPermitidas {
  const factura = ES_FACTURA(d.Tipo);
  const anulada = d.Estado === 'Anulada';
  const emitida = esEmitida(d);
  const destinos = lado
    ? (lado.conversiones[d.Tipo] ?? []).map((t) => lado.recursoDeTipo[t] ?? t)
    : destinosConversion(d.Tipo);
  return {
    convertir: !factura && !anulada && !d.Facturado && level >= 2 ? (destinos as RecursoVenta[]) : [],
    emitir: factura && !emitida && !anulada && level >= 2,
    anular: level >= 3 && !anulada && !d.Facturado && (!factura || (emitida && d.EstadoCobro === 'Pendiente')),
    rectificar: (lado?.rectificar ?? true) && emitida && !anulada && d.Tipo !== 'rectificativa' && level >= 2,
    cobrar: emitida && !anulada && d.EstadoCobro !== (lado?.pago.pagado ?? 'Cobrado') && nivelCobros >= 2,
    borrar: level >= 3 && (factura ? !emitida : !d.Facturado) && !anulada,
    enviar: level >= 2 && !anulada && (!factura || emitida),
    duplicar: level >= 2 && d.Tipo !== 'rectificativa',
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Editor values

export interface LineaForm {
  /** A stable key for React (lines have no id until saved). */
  key: string;
  /** The stored line's id, sent back on save so the line keeps its id (other documents point at it). */
  Id?: number;
  IdProducto: number | null;
  /** The product's code and name as shown in its selector. */
  Producto: string;
  Descripcion: string;
  Cantidad: string;
  Precio: string;
  Descuento: string;
  TipoIva: string;
  IdLineaOrigen?: number | null;
  /** Batch and expiry of traceable products (the product's Trazabilidad: lote, lotefecha). */
  Lote?: string;
  Caducidad?: string;
  /** The picked product's traceability, to offer the batch fields. */
  Traza?: string | null;
}

export interface DocValues extends Record<string, unknown> {
  Cliente: number | null;
  Fecha: string;
  Serie: number | null;
  Estado: string;
  Simplificada: boolean;
  IdFormaPago: number | null;
  IdAlmacen?: number | null;
  IdComercial?: number | null;
  DireccionEnvio: string;
  Observaciones: string;
  VentasTxtLibre1: string;
  VentasTxtLibre2: string;
  VentasTxtLibre3: string;
  PorcRetencion: string;
  Lineas: LineaForm[];
}

let keySeq = 0;
export const nuevaClave = () => `l${++keySeq}`;

export function lineaVacia(tipoIva: string): LineaForm {
  return {
    key: nuevaClave(),
    IdProducto: null,
    Producto: '',
    Descripcion: '',
    Cantidad: '1',
    Precio: '',
    Descuento: '',
    TipoIva: tipoIva,
  };
}

/** '10.500000' → '10,50'; '2.000' → '2': decimals the user needs, at least `min`. */
export function numeroEditable(v: string | number | null | undefined, min = 0): string {
  if (v === null || v === undefined || v === '') return '';
  const text = String(v);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  let [ent, dec = ''] = text.split('.') as [string, string?];
  dec = (dec ?? '').replace(/0+$/, '');
  while (dec.length < min) dec += '0';
  return dec ? `${ent},${dec}` : ent;
}

/** A number as typed ('1.234,5' is not accepted: no thousands separator) → '.'-decimal text. */
export const aDecimal = (v: string) => v.trim().replace(',', '.');
const esNumero = (v: string) => /^[+-]?\d+(\.\d+)?$/.test(aDecimal(v));

export function valoresIniciales(
  d: DocumentoVenta | undefined,
  defaults: { fecha: string; tipoIva: string; txt?: (string | null | undefined)[] },
): DocValues {
  if (!d) {
    return {
      Cliente: null,
      Fecha: defaults.fecha,
      Serie: null,
      Estado: '',
      Simplificada: false,
      IdFormaPago: null,
      IdAlmacen: null,
      IdComercial: null,
      DireccionEnvio: '',
      Observaciones: '',
      VentasTxtLibre1: defaults.txt?.[0] ?? '',
      VentasTxtLibre2: defaults.txt?.[1] ?? '',
      VentasTxtLibre3: defaults.txt?.[2] ?? '',
      PorcRetencion: '',
      Lineas: [lineaVacia(defaults.tipoIva)],
    };
  }
  return {
    Cliente: d.Cliente,
    Fecha: d.Fecha,
    Serie: d.Serie,
    Estado: d.Estado,
    Simplificada: d.Tipo === 'simplificada',
    IdFormaPago: d.IdFormaPago,
    IdAlmacen: d.IdAlmacen ?? null,
    IdComercial: d.IdComercial ?? null,
    DireccionEnvio: d.DireccionEnvio ?? '',
    Observaciones: d.Observaciones ?? '',
    VentasTxtLibre1: d.VentasTxtLibre1 ?? '',
    VentasTxtLibre2: d.VentasTxtLibre2 ?? '',
    VentasTxtLibre3: d.VentasTxtLibre3 ?? '',
    PorcRetencion: porcentajeEditable(d.PorcRetencion),
    Lineas: (d.Lineas ?? []).map((l) => ({
      ...lineaEditable(l),
      ...(l.Id ? { Id: l.Id } : {}),
      IdLineaOrigen: l.IdLineaOrigen ?? null,
      Lote: l.Lote ?? '',
      Caducidad: l.Caducidad ?? '',
    })),
  };
}

/** A stored percentage as the editor shows it: blank for none or zero. */
export const porcentajeEditable = (v: string | number | null | undefined) => (Number(v ?? 0) ? numeroEditable(v) : '');

/** The part of a stored line every line editor edits (sales, purchases, recurring templates). */
interface LineaGuardada {
  IdProducto: number | null;
  Descripcion: string;
  Cantidad: string | number;
  Precio: string | number;
  Descuento?: string | number | null;
  TipoIva: string;
}

/** A stored line as the grid edits it: a new key, numbers with a ',' and only the decimals they need. */
export function lineaEditable(l: LineaGuardada): LineaForm {
  return {
    key: nuevaClave(),
    IdProducto: l.IdProducto,
    Producto: '',
    Descripcion: l.Descripcion,
    Cantidad: numeroEditable(l.Cantidad),
    Precio: numeroEditable(l.Precio, 2),
    Descuento: porcentajeEditable(l.Descuento),
    TipoIva: l.TipoIva,
  };
}

/** A grid line as the save body sends it: trimmed text, numbers with a '.', no discount as null. */
export function lineaCuerpo(l: LineaForm) {
  return {
    IdProducto: l.IdProducto,
    Descripcion: l.Descripcion.trim(),
    Cantidad: aDecimal(l.Cantidad),
    Precio: aDecimal(l.Precio),
    Descuento: l.Descuento.trim() ? aDecimal(l.Descuento) : null,
    TipoIva: l.TipoIva,
  };
}

/** A line the user has not started (Enter adds one at the end): ignored by validation, totals and the save. */
export const lineaEnBlanco = (l: LineaForm) => !l.IdProducto && !l.Descripcion.trim() && !l.Precio.trim();

/**
 * Client validation, keyed like the server's Campo names (`Lineas.0.Cantidad`). `decimales`: the company's price
 * decimals (`decimalesPrecio(info.DecimalesRedondeo)`); a price with more is refused rather than silently rounded.
 */
export function validarDocumento(v: DocValues, decimales = 2, tercero = 'Cliente'): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (k: string, m: string) => {
    out[k] = [...(out[k] ?? []), m];
  };
  if (!v.Cliente) add('Cliente', MSG.required(tercero));
  if (!v.Fecha) add('Fecha', MSG.required('Fecha'));
  if (v.PorcRetencion.trim() && (!esNumero(v.PorcRetencion) || Number(aDecimal(v.PorcRetencion)) >= 100))
    add('PorcRetencion', MSG.format);
  const lineas = v.Lineas.map((l, i) => [l, i] as const).filter(([l]) => !lineaEnBlanco(l));
  if (lineas.length === 0) add('Lineas', MSG_VENTAS.sinLineas);
  for (const [l, i] of lineas) {
    if (!l.Descripcion.trim()) add(`Lineas.${i}.Descripcion`, MSG.required('Descripción'));
    if (!esNumero(l.Cantidad)) add(`Lineas.${i}.Cantidad`, MSG.format);
    if (!esNumero(l.Precio)) add(`Lineas.${i}.Precio`, MSG.format);
    else if (!precioCabe(aDecimal(l.Precio), decimales))
      add(`Lineas.${i}.Precio`, MSG_VENTAS.precioDecimales(decimalesPrecio(decimales)));
    if (l.Descuento.trim()) {
      const d = Number(aDecimal(l.Descuento));
      if (!esNumero(l.Descuento) || d < 0 || d > 100) add(`Lineas.${i}.Descuento`, MSG.format);
    }
    if (!l.TipoIva) add(`Lineas.${i}.TipoIva`, MSG.required('Tipo de IVA'));
  }
  return out;
}

/** Server field names → the editor's keys: `Lineas[0].TipoIva` and `Lineas.0.TipoIva` are the same cell. */
export const campoDe = (campo: string) => campo.replace(/\[(\d+)\]/g, '.$1');

/** The save body (`documentoVentaSchema`): blank lines left out, numbers with a '.'. */
export function cuerpoGuardar(
  v: DocValues,
  esFactura: boolean,
  conAlmacen = false,
  /** The side has simplified invoices (sales). */
  simplificada = true,
): Record<string, unknown> {
  const txt = (s: string) => (s.trim() ? s.trim() : null);
  return {
    Cliente: v.Cliente,
    Fecha: v.Fecha,
    Serie: v.Serie,
    ...(v.Estado && !esFactura ? { Estado: v.Estado } : {}),
    ...(esFactura && simplificada ? { Simplificada: v.Simplificada } : {}),
    IdFormaPago: v.IdFormaPago,
    ...(conAlmacen ? { IdAlmacen: v.IdAlmacen } : {}),
    ...(v.IdComercial !== undefined ? { IdComercial: v.IdComercial } : {}),
    DireccionEnvio: txt(v.DireccionEnvio),
    Observaciones: txt(v.Observaciones),
    VentasTxtLibre1: txt(v.VentasTxtLibre1),
    VentasTxtLibre2: txt(v.VentasTxtLibre2),
    VentasTxtLibre3: txt(v.VentasTxtLibre3),
    PorcRetencion: v.PorcRetencion.trim() ? aDecimal(v.PorcRetencion) : null,
    Lineas: v.Lineas.filter((l) => !lineaEnBlanco(l)).map((l) => ({
      ...(l.Id ? { Id: l.Id } : {}),
      ...lineaCuerpo(l),
      ...(l.IdLineaOrigen ? { IdLineaOrigen: l.IdLineaOrigen } : {}),
      ...(l.Lote?.trim() ? { Lote: l.Lote.trim() } : {}),
      ...(l.Caducidad ? { Caducidad: l.Caducidad } : {}),
    })),
  };
}

export interface TotalesVivos {
  totales: Totales;
  /** The amount per line of the editor (null for blank or not yet valid lines). */
  importes: (string | null)[];
}

/**
 * The live totals: `calcularTotales` over the lines that are complete and valid (a line being typed does not blank
 * the whole document); the same function the server stores.
 */
export function totalesVivos(
  v: DocValues,
  tipos: readonly TipoIva[],
  recargo: boolean,
  /** The company's price decimals (`DecimalesRedondeo`), as the server applies them. */
  decimales = 2,
): TotalesVivos {
  const known = new Set(tipos.map((t) => t.Valor));
  const validas: { i: number; l: LineaForm }[] = [];
  v.Lineas.forEach((l, i) => {
    if (lineaEnBlanco(l) || !known.has(l.TipoIva) || !esNumero(l.Cantidad) || !esNumero(l.Precio)) return;
    if (l.Descuento.trim() && !esNumero(l.Descuento)) return;
    validas.push({ i, l });
  });
  const retencion = v.PorcRetencion.trim() && esNumero(v.PorcRetencion) ? aDecimal(v.PorcRetencion) : '0';
  const totales = calcularTotales(
    {
      Lineas: validas.map(({ l }) => ({
        Cantidad: aDecimal(l.Cantidad),
        Precio: aDecimal(l.Precio),
        Descuento: l.Descuento.trim() ? aDecimal(l.Descuento) : null,
        TipoIva: l.TipoIva,
      })),
      RecargoEquivalencia: recargo,
      PorcRetencion: retencion,
      DecimalesPrecio: decimalesPrecio(decimales),
    },
    tipos,
  );
  const importes: (string | null)[] = v.Lineas.map(() => null);
  validas.forEach(({ i }, k) => {
    importes[i] = totales.Lineas[k]!.Importe;
  });
  return { totales, importes };
}

/** The filters of a sales list kept in the URL ('' = unset; borrador = '1'), and `asc` (oldest first). */
export const FILTROS_LISTA = [
  'buscar',
  'cliente',
  'desde',
  'hasta',
  'estado',
  'cobro',
  'facturado',
  'borrador',
] as const;

/** `Filtros` of `GET list` (Buscar, Estado, EstadoCobro, Facturado, Cliente, FechaDesde/Hasta, Borrador). */
export function filtrosLista(s: ListValues): Record<string, unknown> {
  const f: Record<string, unknown> = {};
  const buscar = (s.buscar ?? '').trim();
  if (buscar) f.Buscar = buscar;
  if (s.estado) f.Estado = s.estado;
  if (s.cobro) f.EstadoCobro = s.cobro;
  if (s.facturado) f.Facturado = s.facturado === 'si';
  if (s.cliente && Number.isSafeInteger(Number(s.cliente))) f.Cliente = Number(s.cliente);
  if (s.desde) f.FechaDesde = s.desde;
  if (s.hasta) f.FechaHasta = s.hasta;
  if (s.borrador === '1') f.Borrador = true;
  return f;
}

export const hoyIso = () => {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

/** Corrective invoice kinds (art. 80 LIVA and VeriFactu R1–R5). */
export const TIPOS_RECTIFICATIVA = [
  { value: 'R1', label: 'R1 · Error fundado en derecho y art. 80 Uno, Dos y Seis LIVA' },
  { value: 'R2', label: 'R2 · Art. 80 Tres LIVA (concurso de acreedores)' },
  { value: 'R3', label: 'R3 · Art. 80 Cuatro LIVA (créditos incobrables)' },
  { value: 'R4', label: 'R4 · Resto de causas' },
  { value: 'R5', label: 'R5 · Rectificativa de factura simplificada' },
];
