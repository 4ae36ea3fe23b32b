/**
 * Journal entries (asientos) of the accounting export (compliance-es.md §5): one builder per document
 * kind, all of them balanced (debits = credits per entry, `cuadra`). Amounts are integer cents inside, text with
 * two decimals outside. A negative amount (a corrective invoice, a returned receipt) swaps the side.
 */

/** The company's accounting settings (spec section 3: accounting digits and the four accounts). */
export interface CuentasEmpresa {
  /** Length of every subaccount (DigitosContables, 4–12). */
  Digitos: number;
  Compras: string;
  Gastos: string;
  VentasProductos: string;
  VentasServicios: string;
}

export type TipoAsiento =
  | 'venta'
  | 'compra'
  | 'gasto'
  | 'cobro'
  | 'pago'
  | 'comision'
  | 'movimiento'
  | 'arqueo'
  | 'traspaso'
  | 'manual'
  | 'regularizacion'
  | 'cierre'
  | 'apertura'
  | 'amortizacion'
  | 'baja';

export const TIPOS_ASIENTO: Record<TipoAsiento, string> = {
  venta: 'Factura de venta',
  compra: 'Factura de compra',
  gasto: 'Gasto',
  cobro: 'Cobro',
  pago: 'Pago',
  comision: 'Comisión bancaria',
  movimiento: 'Movimiento de tesorería',
  arqueo: 'Diferencia de arqueo',
  traspaso: 'Traspaso entre cuentas',
  manual: 'Asiento manual',
  regularizacion: 'Regularización',
  cierre: 'Cierre del ejercicio',
  apertura: 'Apertura del ejercicio',
  amortizacion: 'Amortización del inmovilizado',
  baja: 'Baja del inmovilizado',
};

/** One line (apunte) of an entry. Debe/Haber: text with 2 decimals, one of them '0.00'. */
export interface Apunte {
  Subcuenta: string;
  Contrapartida: string;
  Concepto: string;
  Debe: string;
  Haber: string;
  /** The document (invoice number with its series, NumSerie). */
  Documento: string;
  /** VAT lines: the base, the VAT and surcharge rates. */
  BaseImponible?: string;
  PorcIva?: string;
  PorcRecargo?: string;
}

export interface Asiento {
  Numero: number;
  Fecha: string;
  Tipo: TipoAsiento;
  Documento: string;
  Apuntes: Apunte[];
}

/** A subaccount the entries use, with its name (and the party's NIF and address for customers and suppliers). */
export interface Subcuenta {
  Codigo: string;
  Titulo: string;
  NIF?: string | null;
  Domicilio?: string | null;
  Poblacion?: string | null;
  Provincia?: string | null;
  CodPostal?: string | null;
}

/** A customer or supplier as the entries need it. */
export interface TerceroContable {
  Codigo: string;
  Nombre: string;
  NIF?: string | null;
  /** Its own subaccount when the record has one (CuentaContable). */
  CuentaContable?: string | null;
  Domicilio?: string | null;
  Poblacion?: string | null;
  Provincia?: string | null;
  CodPostal?: string | null;
}

/** One rate of an invoice's VAT breakdown. */
export interface TipoDesglose {
  PorcIva: string;
  Base: string;
  Cuota: string;
  PorcRecargo: string;
  CuotaRecargo: string;
  /** Purchases: VAT self-assessed (intra-EU acquisition, reverse charge): D 472 / H 477. */
  Autoliquidada?: string;
}

export interface FacturaContable {
  Fecha: string;
  NumSerie: string;
  Tercero: TerceroContable;
  Desglose: TipoDesglose[];
  /** Sales: the part of the base that is services (to VentasServicios); the rest goes to VentasProductos. */
  BaseServicios?: string;
  Retencion: string;
  Total: string;
  /** Expenses: the account of the expense's category (628 Suministros…) instead of the company's Gastos. */
  CuentaGasto?: string | null;
  /** Purchases: the fixed assets it bought (their 2xx and cost in cents), debited instead of 600/62x. */
  Activos?: { Cuenta: string; Centimos: number }[] | null;
}

export interface MovimientoContable {
  Fecha: string;
  Importe: string;
  /** The invoice it settles (NumSerie) or the movement's text. */
  Documento: string;
  Tercero?: TerceroContable;
  /** The treasury account (caja or bank) with its subaccount. */
  Cuenta: { Codigo: string; Nombre: string; Tipo: string; CuentaContable?: string | null };
}

/** Fixed PGC accounts (compliance-es.md §5.2). */
export const PGC = {
  clientes: '430',
  proveedores: '400',
  acreedores: '410',
  ivaSoportado: '472',
  ivaRepercutido: '477',
  retencionesPracticadas: '4751',
  retencionesSoportadas: '473',
  caja: '570',
  bancos: '572',
  serviciosBancarios: '626',
} as const;

const digits = (s: string) => s.replace(/\D/g, '');

/**
 * A subaccount of `digitos` digits: the account (`430`) then the code's digits left-padded with zeros
 * (430 + '12' → 4300000012); a code longer than the room keeps its last digits.
 */
export function subcuenta(cuenta: string, codigo: string, digitos: number): string {
  const prefijo = digits(cuenta);
  const room = Math.max(0, digitos - prefijo.length);
  const code = digits(codigo).slice(-room || undefined);
  return room === 0 ? prefijo.slice(0, digitos) : prefijo + code.padStart(room, '0');
}

/**
 * An account written with another length (the company's `6000000000` with 8 digits → `60000000`): the first three
 * digits stay, zeros are added or dropped right after them, the last digits stay.
 */
export function ajustarCuenta(cuenta: string, digitos: number): string {
  const c = digits(cuenta);
  if (c.length === digitos || c.length < 3) return c.padEnd(digitos, '0').slice(0, digitos);
  const head = c.slice(0, 3);
  const tail = c.slice(3).replace(/^0+/, '');
  const room = digitos - 3;
  return head + (tail.length >= room ? tail.slice(-room) : tail.padStart(room, '0'));
}

/** Text with two decimals → integer cents. */
export const centimos = (v: string | number): number => Math.round(Number(v) * 100);
export const importe = (c: number): string => {
  const sign = c < 0 ? '-' : '';
  const a = Math.abs(c);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};

/** Concept of ContaPlus: upper case, no accents, ≤ 25 characters. */
export function conceptoContable(texto: string): string {
  return asciiMayusculas(texto).slice(0, 25).trimEnd();
}
/** Upper-case ASCII (Ñ → N, accents dropped): fixed-width files count bytes. */
export function asciiMayusculas(texto: string): string {
  if (/^[\x20-\x7e]*$/.test(texto)) return texto.toUpperCase();
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .toUpperCase();
}

/** Builds the lines of one entry: each amount lands on its side (negative → the other side), zero lines dropped. */
class Lineas {
  readonly apuntes: Apunte[] = [];
  constructor(
    private readonly documento: string,
    private readonly concepto: string,
  ) {}
  debe(subcta: string, contra: string, cents: number, extra: Partial<Apunte> = {}) {
    this.push(subcta, contra, cents, 0, extra);
  }
  haber(subcta: string, contra: string, cents: number, extra: Partial<Apunte> = {}) {
    this.push(subcta, contra, 0, cents, extra);
  }
  private push(subcta: string, contra: string, d: number, h: number, extra: Partial<Apunte>) {
    if (d === 0 && h === 0) return;
    const [debe, haber] = d < 0 || h < 0 ? [-h, -d] : [d, h];
    this.apuntes.push({
      Subcuenta: subcta,
      Contrapartida: contra,
      Concepto: this.concepto,
      Debe: importe(debe),
      Haber: importe(haber),
      Documento: this.documento,
      ...extra,
    });
  }
}

/** The subaccount of a customer (430) or supplier (400) / creditor (410): its own account or the prefix + code. */
export function subcuentaTercero(t: TerceroContable, cuenta: string, digitos: number): string {
  return t.CuentaContable ? ajustarCuenta(t.CuentaContable, digitos) : subcuenta(cuenta, t.Codigo, digitos);
}

/** The subaccount of a treasury account: its own, else 570 (cash) or 572 (bank) + code. */
export function subcuentaTesoreria(c: MovimientoContable['Cuenta'], digitos: number): string {
  if (c.CuentaContable) return ajustarCuenta(c.CuentaContable, digitos);
  return subcuenta(c.Tipo === 'caja' ? PGC.caja : PGC.bancos, c.Codigo, digitos);
}

const pct = (v: string) => Number(v).toFixed(2);
/** A VAT line's detail for the books: its base and rate (the surcharge's line carries the surcharge rate instead). */
const detalleIva = (d: FacturaContable['Desglose'][number]) => ({
  BaseImponible: d.Base,
  PorcIva: pct(d.PorcIva),
  PorcRecargo: '0.00',
});
const detalleRecargo = (d: FacturaContable['Desglose'][number]) => ({
  BaseImponible: d.Base,
  PorcIva: '0.00',
  PorcRecargo: pct(d.PorcRecargo),
});

/**
 * Sales invoice (rectificativas with negative amounts too): D 430 total / H 700 products, H 705 services /
 * H 477 quota per rate (base and rate on the line), H 477 surcharge / D 473 the IRPF the customer withholds.
 */
export function asientoVenta(f: FacturaContable, c: CuentasEmpresa, numero: number): Asiento {
  const cliente = subcuentaTercero(f.Tercero, PGC.clientes, c.Digitos);
  const l = new Lineas(f.NumSerie, conceptoContable(`N/FRA ${f.NumSerie} ${f.Tercero.Nombre}`));
  const base = f.Desglose.reduce((s, d) => s + centimos(d.Base), 0);
  const servicios = Math.max(Math.min(centimos(f.BaseServicios ?? 0), Math.max(base, 0)), Math.min(base, 0));
  const ventasProductos = ajustarCuenta(c.VentasProductos, c.Digitos);
  const ventasServicios = ajustarCuenta(c.VentasServicios, c.Digitos);
  l.debe(cliente, ventasProductos, centimos(f.Total));
  l.debe(subcuenta(PGC.retencionesSoportadas, '', c.Digitos), cliente, centimos(f.Retencion));
  l.haber(ventasProductos, cliente, base - servicios);
  l.haber(ventasServicios, cliente, servicios);
  const iva = subcuenta(PGC.ivaRepercutido, '', c.Digitos);
  for (const d of f.Desglose) {
    l.haber(iva, cliente, centimos(d.Cuota), detalleIva(d));
    l.haber(iva, cliente, centimos(d.CuotaRecargo), detalleRecargo(d));
  }
  return { Numero: numero, Fecha: f.Fecha, Tipo: 'venta', Documento: f.NumSerie, Apuntes: l.apuntes };
}

/**
 * Purchase invoice (`compra`: D 600 Compras / H 400 supplier) or expense (`gasto`: D 629 Gastos / H 410 creditor),
 * the cost of the fixed assets it bought on their 2xx instead:
 * D base, D 472 quota and surcharge per rate, D 472 / H 477 the self-assessed VAT (intra-EU, reverse charge),
 * H 4751 the IRPF we withhold, H the party for the total.
 */
export function asientoCompra(
  f: FacturaContable,
  c: CuentasEmpresa,
  numero: number,
  tipo: 'compra' | 'gasto' = 'compra',
): Asiento {
  const tercero = subcuentaTercero(f.Tercero, tipo === 'gasto' ? PGC.acreedores : PGC.proveedores, c.Digitos);
  const propia = f.CuentaGasto && /^\d{3,12}$/.test(f.CuentaGasto) ? f.CuentaGasto : null;
  const gasto = ajustarCuenta(tipo === 'gasto' ? (propia ?? c.Gastos) : c.Compras, c.Digitos);
  const l = new Lineas(f.NumSerie, conceptoContable(`S/FRA ${f.NumSerie} ${f.Tercero.Nombre}`));
  const iva = subcuenta(PGC.ivaSoportado, '', c.Digitos);
  const repercutido = subcuenta(PGC.ivaRepercutido, '', c.Digitos);
  // The assets' cost moves from 600/62x to their 2xx, never more than the base.
  let resto = f.Desglose.reduce((s, d) => s + centimos(d.Base), 0);
  const activos = (f.Activos ?? []).map((a) => {
    const parte = Math.max(0, Math.min(a.Centimos, resto));
    resto -= parte;
    return [ajustarCuenta(a.Cuenta, c.Digitos), parte] as const;
  });
  l.debe(gasto, tercero, resto);
  for (const [cuenta, parte] of activos) l.debe(cuenta, tercero, parte);
  for (const d of f.Desglose) {
    const auto = centimos(d.Autoliquidada ?? 0);
    l.debe(iva, tercero, centimos(d.Cuota) + auto, detalleIva(d));
    l.debe(iva, tercero, centimos(d.CuotaRecargo), detalleRecargo(d));
    l.haber(repercutido, iva, auto, detalleIva(d));
  }
  l.haber(subcuenta(PGC.retencionesPracticadas, '', c.Digitos), tercero, centimos(f.Retencion));
  l.haber(tercero, gasto, centimos(f.Total));
  return { Numero: numero, Fecha: f.Fecha, Tipo: tipo, Documento: f.NumSerie, Apuntes: l.apuntes };
}

/** Collection of a sales invoice: D 57x / H 430 (a returned receipt, negative, swaps them). */
export function asientoCobro(m: MovimientoContable, c: CuentasEmpresa, numero: number): Asiento {
  return asientoTesoreria(m, c, numero, 'cobro', PGC.clientes);
}

/** Payment of a purchase invoice or expense: D 400/410 / H 57x. */
export function asientoPago(
  m: MovimientoContable,
  c: CuentasEmpresa,
  numero: number,
  tipoFactura: 'compra' | 'gasto' = 'compra',
): Asiento {
  return asientoTesoreria(m, c, numero, 'pago', tipoFactura === 'gasto' ? PGC.acreedores : PGC.proveedores);
}

/** A collection (D 57x / H party) or a payment (D party / H 57x): the party's subaccount, or the bare prefix. */
function asientoTesoreria(
  m: MovimientoContable,
  c: CuentasEmpresa,
  numero: number,
  tipo: 'cobro' | 'pago',
  prefijo: string,
): Asiento {
  const tesoreria = subcuentaTesoreria(m.Cuenta, c.Digitos);
  const tercero = m.Tercero ? subcuentaTercero(m.Tercero, prefijo, c.Digitos) : subcuenta(prefijo, '', c.Digitos);
  const l = new Lineas(
    m.Documento,
    conceptoContable(`${tipo.toUpperCase()} ${m.Documento} ${m.Tercero?.Nombre ?? ''}`),
  );
  const [debe, haber] = tipo === 'cobro' ? [tesoreria, tercero] : [tercero, tesoreria];
  l.debe(debe, haber, centimos(m.Importe));
  l.haber(haber, debe, centimos(m.Importe));
  return { Numero: numero, Fecha: m.Fecha, Tipo: tipo, Documento: m.Documento, Apuntes: l.apuntes };
}

/** Bank fee (a movement out of the account, negative Importe): D 626 / H 572. */
export function asientoComision(m: MovimientoContable, c: CuentasEmpresa, numero: number): Asiento {
  const tesoreria = subcuentaTesoreria(m.Cuenta, c.Digitos);
  const gasto = subcuenta(PGC.serviciosBancarios, '', c.Digitos);
  const cents = -centimos(m.Importe);
  const l = new Lineas(m.Documento, conceptoContable(`COMISION ${m.Documento}`));
  l.debe(gasto, tesoreria, cents);
  l.haber(tesoreria, gasto, cents);
  return { Numero: numero, Fecha: m.Fecha, Tipo: 'comision', Documento: m.Documento, Apuntes: l.apuntes };
}

/** Debits and credits of an entry, in cents, and whether they match. */
export function cuadre(a: Asiento): { Debe: number; Haber: number; Cuadra: boolean } {
  let debe = 0;
  let haber = 0;
  for (const ap of a.Apuntes) {
    debe += centimos(ap.Debe);
    haber += centimos(ap.Haber);
  }
  return { Debe: debe, Haber: haber, Cuadra: debe === haber };
}

/** Names of the fixed subaccounts the entries use. */
export function subcuentasFijas(c: CuentasEmpresa): Subcuenta[] {
  const s = (cuenta: string, Titulo: string) => ({ Codigo: subcuenta(cuenta, '', c.Digitos), Titulo });
  const a = (cuenta: string, Titulo: string) => ({ Codigo: ajustarCuenta(cuenta, c.Digitos), Titulo });
  return [
    a(c.Compras, 'Compras de mercaderías'),
    a(c.Gastos, 'Otros servicios'),
    s(PGC.serviciosBancarios, 'Servicios bancarios y similares'),
    s(PGC.ivaSoportado, 'H.P. IVA soportado'),
    s(PGC.retencionesSoportadas, 'H.P. retenciones y pagos a cuenta'),
    s(PGC.retencionesPracticadas, 'H.P. acreedora por retenciones practicadas'),
    s(PGC.ivaRepercutido, 'H.P. IVA repercutido'),
    a(c.VentasProductos, 'Ventas de mercaderías'),
    a(c.VentasServicios, 'Prestaciones de servicios'),
  ];
}
