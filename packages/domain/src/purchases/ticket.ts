import { z } from 'zod';
import { add, compare, type Dec, dec, isZero, mul, round, shift, sub, toFixed, ZERO } from '../money/decimal.ts';
import { MSG } from '../validation/messages.ts';
import { optionalString, requiredString } from '../validation/password.ts';
import { isIsoDate } from '../validation/patterns.ts';
import { checkTaxId } from '../validation/taxId.ts';
import { categoriaGasto } from './documents.ts';

/**
 * The phone expense flow (a ticket photographed and booked in one go): reading a ticket's text — what `pdftotext`
 * or `tesseract` gave the server — into suggested fields, each with how sure the reading is, and turning a total
 * WITH VAT into the base and quota the purchase engine books. Nothing read is trusted: the person confirms every
 * field before saving, and the screen marks which ones came from the photo.
 */

/** A suggested value and how sure the reading is (0–1): below `CONFIANZA_DUDOSA` the screen asks to check it. */
export interface CampoLeido {
  Valor: string;
  Confianza: number;
}

/** A rate's line read from the ticket (base and quota when printed). */
export interface TipoLeido {
  PorcentajeIva: string;
  Base: string | null;
  Cuota: string | null;
}

export interface TicketLeido {
  NIF: CampoLeido | null;
  Fecha: CampoLeido | null;
  Total: CampoLeido | null;
  /** The rate of the largest base (the one rate of most tickets). */
  PorcentajeIva: CampoLeido | null;
  /** The VAT of the whole ticket. */
  Cuota: CampoLeido | null;
  Comercio: CampoLeido | null;
  /** Every rate printed, largest base first (a supermarket's 4 / 10 / 21 %). */
  Tipos: TipoLeido[];
}

export const CONFIANZA_DUDOSA = 0.6;

/** The VAT rates a Spanish ticket prints (5 % was a temporary food rate). */
export const PORCENTAJES_TICKET = ['21', '10', '5', '4', '0'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Amounts and lines

/** An amount as printed: "1.234,56", "12,50", "12.50", "12,50€", "-3,00" (two decimals; OCR's "l2,5O" mended). */
const IMPORTE = /(?<![\d,.])-?\d{1,3}(?:[.\s]\d{3})*[.,]\s?\d{2}(?![\d%])|(?<![\d,.])-?\d+[.,]\s?\d{2}(?![\d%])/g;

/** The usual OCR confusions inside figures: O→0, l/I/|→1, S→5, B→8 (only between or beside digits). */
function arreglarCifras(linea: string): string {
  return linea
    .replace(/(?<=\d[.,/-]?)[Oo]|[Oo](?=[.,/-]?\d)/g, '0')
    .replace(/(?<=\d[.,/-]?)[lI|]|[lI|](?=[.,/-]?\d)/g, '1')
    .replace(/(?<=\d[.,]?)S(?=\d)/g, '5')
    .replace(/(?<=\d)B(?=\d)/g, '8');
}

/** The amounts of a line as '.'-decimals, in order. */
export function importesDe(linea: string): string[] {
  return [...arreglarCifras(linea).matchAll(IMPORTE)].map((m) => {
    const t = m[0].replace(/\s/g, '');
    const entero = t.slice(0, -3).replace(/[.,]/g, '');
    return toFixed(dec(`${entero}.${t.slice(-2)}`), 2);
  });
}

/** The rates of a line ("21%", "21,00 %", "IVA 10 %"), as '21', '10'… when they are Spanish VAT rates. */
function porcentajesDe(linea: string): string[] {
  return [...arreglarCifras(linea).matchAll(/(?<![\d,.])(\d{1,2})(?:[.,]0{1,2})?\s?%/g)]
    .map((m) => String(Number(m[1])))
    .filter((p) => (PORCENTAJES_TICKET as readonly string[]).includes(p));
}

const sinAcentos = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const mayus = (s: string) => sinAcentos(s).toUpperCase();

/** The quota of a base at a rate, rounded as the engine books it (half away from zero, per rate). */
export function cuotaDe(base: Dec | string, porcentaje: Dec | string): Dec {
  return round(shift(mul(dec(base), dec(porcentaje)), 2), 2);
}

const cerca = (a: Dec, b: Dec, tolerancia = '0.02') => compare(round(abs(sub(a, b)), 2), dec(tolerancia)) <= 0;
const abs = (a: Dec): Dec => (a.units < 0n ? { units: -a.units, scale: a.scale } : a);

// ---------------------------------------------------------------------------------------------------------------
// Fields

/** A tax id in a noisy line: the labelled ones first; an OCR slip in a digit (O, I, l, S, B) is mended and trusted less. */
function leerNif(lineas: string[]): CampoLeido | null {
  const candidatos: { valor: string; confianza: number }[] = [];
  for (const linea of lineas) {
    const etiquetada = /\b(N\.?\s?I\.?\s?F|C\.?\s?I\.?\s?F|NIF|CIF|DNI)\b/i.test(linea);
    for (const m of linea.toUpperCase().matchAll(/\b[A-Z0-9][-.\s]?[0-9OILSB]{7}[-.\s]?[A-Z0-9]\b/g)) {
      const bruto = m[0].replace(/[-.\s]/g, '');
      if (!/\d{5}/.test(bruto)) continue;
      const ok = checkTaxId(bruto);
      if (ok.ok) {
        candidatos.push({ valor: ok.value, confianza: etiquetada ? 0.95 : 0.8 });
        continue;
      }
      const medio = bruto.slice(1, 8).replace(/O/g, '0').replace(/[IL]/g, '1').replace(/S/g, '5').replace(/B/g, '8');
      const mendado = checkTaxId(`${bruto[0]}${medio}${bruto[8]}`);
      if (mendado.ok) candidatos.push({ valor: mendado.value, confianza: etiquetada ? 0.7 : 0.55 });
    }
  }
  candidatos.sort((a, b) => b.confianza - a.confianza);
  const c = candidatos[0];
  return c ? { Valor: c.valor, Confianza: c.confianza } : null;
}

const MESES = ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC'];

function fechaIso(d: number, m: number, a: number): string | null {
  const anyo = a < 100 ? 2000 + a : a;
  const iso = `${anyo}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return anyo >= 2000 && anyo <= 2099 && isIsoDate(iso) ? iso : null;
}

/** The ticket's date: dd/mm/aaaa (or - . and two-digit years), aaaa-mm-dd, "12 ENE 2026"; a labelled one first. */
function leerFecha(lineas: string[]): CampoLeido | null {
  const vistas: { iso: string; etiquetada: boolean }[] = [];
  for (const original of lineas) {
    const linea = arreglarCifras(original);
    const etiquetada = /FECHA|DATA|DATE/.test(mayus(linea));
    for (const m of linea.matchAll(/(?<!\d)(\d{1,2})\s?[/.-]\s?(\d{1,2})\s?[/.-]\s?(\d{4}|\d{2})(?!\d)/g)) {
      const iso = fechaIso(Number(m[1]), Number(m[2]), Number(m[3]));
      if (iso) vistas.push({ iso, etiquetada });
    }
    for (const m of linea.matchAll(/(?<!\d)(20\d{2})-(\d{2})-(\d{2})(?!\d)/g)) {
      const iso = fechaIso(Number(m[3]), Number(m[2]), Number(m[1]));
      if (iso) vistas.push({ iso, etiquetada });
    }
    for (const m of mayus(linea).matchAll(/(?<!\d)(\d{1,2})\s?(?:DE\s)?([A-Z]{3})[A-Z]*\.?\s?(?:DE\s)?(\d{4})/g)) {
      const mes = MESES.indexOf(m[2]!);
      const iso = mes >= 0 ? fechaIso(Number(m[1]), mes + 1, Number(m[3])) : null;
      if (iso) vistas.push({ iso, etiquetada });
    }
  }
  if (!vistas.length) return null;
  const elegida = vistas.find((v) => v.etiquetada) ?? vistas[0]!;
  const distintas = new Set(vistas.map((v) => v.iso)).size;
  const confianza = (elegida.etiquetada ? 0.9 : 0.75) - (distintas > 1 ? 0.2 : 0);
  return { Valor: elegida.iso, Confianza: confianza };
}

/** Lines that name the total paid, best first; sub-totals, VAT totals, bases, change and deliveries are not it. */
const TOTAL_FUERTE = /TOTAL\s*(A\s*PAGAR|EUR|€|COMPRA|TICKET|FACTURA|\(?IVA\s*INC)|IMPORTE\s*TOTAL|TOTAL\s*:/;
const NO_TOTAL =
  /SUB\s*-?\s*TOTAL|TOTAL\s*(I\.?V\.?A|CUOTA|BASE|IMPUESTOS|DTO|DESCUENTO|AHORRO|ARTIC|UNID)|BASE|CAMBIO|ENTREGAD|DEVOL|PUNTOS/;
const PAGO = /TARJETA|EFECTIVO|VISA|MASTERCARD|A\s*PAGAR|IMPORTE/;

function leerTotal(lineas: string[]): { valor: string; confianza: number } | null {
  const puntuadas: { valor: string; puntos: number; orden: number }[] = [];
  lineas.forEach((linea, orden) => {
    const m = mayus(linea);
    const importes = importesDe(linea).filter((v) => !v.startsWith('-'));
    const valor = importes[importes.length - 1];
    if (!valor || NO_TOTAL.test(m)) return;
    if (TOTAL_FUERTE.test(m)) puntuadas.push({ valor, puntos: 3, orden });
    else if (/\bTOTAL\b/.test(m)) puntuadas.push({ valor, puntos: 2, orden });
    else if (PAGO.test(m)) puntuadas.push({ valor, puntos: 1, orden });
  });
  puntuadas.sort((a, b) => b.puntos - a.puntos || a.orden - b.orden);
  const mejor = puntuadas[0];
  if (mejor) return { valor: mejor.valor, confianza: mejor.puntos === 3 ? 0.85 : mejor.puntos === 2 ? 0.75 : 0.5 };
  // Nothing says "total": the largest amount printed, and a low confidence.
  const todos = lineas.flatMap((l) => importesDe(l)).filter((v) => !v.startsWith('-'));
  if (!todos.length) return null;
  const mayor = todos.reduce((a, b) => (compare(dec(b), dec(a)) > 0 ? b : a));
  return { valor: mayor, confianza: 0.3 };
}

/**
 * The VAT lines: per rate, its base and quota when printed — on one line ("21% 8,26 1,74 10,00", "IVA 10% BASE
 * 4,55 CUOTA 0,45") or on two ("B.IMP. 10% 4,55" / "IVA 10% 0,45"). Two figures on a rate's line are base and quota
 * when the second is the first's quota at that rate (a cent either way).
 */
function leerTipos(lineas: string[]): TipoLeido[] {
  const porTipo = new Map<string, TipoLeido>();
  for (const linea of lineas) {
    const m = mayus(linea);
    const tipos = porcentajesDe(linea);
    if (tipos.length !== 1) continue;
    const p = tipos[0]!;
    // Figures after the rate (a "21%" column first); a line without any only says the rate.
    const resto = arreglarCifras(linea).split('%').slice(1).join('%');
    const cifras = importesDe(resto).filter((v) => !v.startsWith('-'));
    const t = porTipo.get(p) ?? { PorcentajeIva: p, Base: null, Cuota: null };
    porTipo.set(p, t);
    if (cifras.length >= 2) {
      const [a, b] = [dec(cifras[0]!), dec(cifras[1]!)];
      if (cerca(cuotaDe(a, p), b)) {
        t.Base = cifras[0]!;
        t.Cuota = cifras[1]!;
        continue;
      }
      // "base total" or "cuota base" orders: find the pair that fits.
      const par = paresDe(cifras).find(([x, y]) => cerca(cuotaDe(dec(x), p), dec(y)));
      if (par) {
        t.Base = par[0];
        t.Cuota = par[1];
      }
      continue;
    }
    if (cifras.length === 1) {
      if (/BASE|B\.\s?IMP|IMPONIBLE|NETO/.test(m)) t.Base = cifras[0]!;
      else if (/CUOTA|I\.?V\.?A|IMPUESTO/.test(m)) t.Cuota = cifras[0]!;
    }
  }
  return [...porTipo.values()]
    .filter((t) => t.Base || t.Cuota || porTipo.size === 1)
    .sort((a, b) => compare(dec(b.Base ?? '0'), dec(a.Base ?? '0')));
}

function paresDe(v: string[]): [string, string][] {
  return v.flatMap((x, i) => v.flatMap((y, j) => (i === j ? [] : [[x, y] as [string, string]])));
}

const NO_COMERCIO =
  /FACTURA|TICKET|SIMPLIFICADA|BIENVENID|GRACIAS|TEL[EÉ.F]|FAX|C\/|CALLE|AVDA|AVENIDA|PLAZA|CTRA|CARRETERA|\bCP\b|N\.?I\.?F|C\.?I\.?F|WWW|HTTP|@|FECHA|HORA|MESA|CAJ[AE]R|^\W*$/;

/** The merchant: the first line of the heading that reads as a name; a company form (S.L., S.A.…) makes it surer. */
function leerComercio(lineas: string[]): CampoLeido | null {
  const cabecera = lineas.slice(0, 8);
  const nombres = cabecera
    .map((l) =>
      l
        .replace(/[*=_~#|]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((l) => {
      const letras = (l.match(/\p{L}/gu) ?? []).length;
      return letras >= 3 && letras >= l.replace(/\s/g, '').length * 0.6 && !NO_COMERCIO.test(mayus(l));
    });
  const conForma = nombres.find((l) => /\bS\.?\s?[LA]\.?(U\.?)?\b|\bS\.?\s?COOP|\bC\.?B\.?$/i.test(l));
  const nombre = conForma ?? nombres[0];
  if (!nombre) return null;
  return { Valor: nombre.slice(0, 200), Confianza: conForma ? 0.8 : 0.55 };
}

/** Reads a ticket's text (PDF text or OCR) into suggested fields, each with its confidence. */
export function leerTicket(texto: string): TicketLeido {
  const lineas = texto
    .replace(/\r/g, '')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l.trim());
  const tipos = leerTipos(lineas);
  const total = leerTotal(lineas);
  const bases = tipos.filter((t) => t.Base && t.Cuota);
  const suma = bases.reduce((s, t) => add(s, add(dec(t.Base!), dec(t.Cuota!))), ZERO);
  // The VAT lines add up to the total: both readings confirm each other.
  const cuadra = total && bases.length && cerca(suma, dec(total.valor), '0.01');
  const principal = tipos[0];
  const cuotas = tipos.filter((t) => t.Cuota).reduce((s, t) => add(s, dec(t.Cuota!)), ZERO);
  const conCuota = tipos.some((t) => t.Cuota);
  return {
    NIF: leerNif(lineas),
    Fecha: leerFecha(lineas),
    Total: total ? { Valor: total.valor, Confianza: cuadra ? 0.95 : total.confianza } : null,
    PorcentajeIva: principal
      ? { Valor: principal.PorcentajeIva, Confianza: cuadra ? 0.95 : principal.Base || principal.Cuota ? 0.8 : 0.6 }
      : null,
    Cuota: conCuota ? { Valor: toFixed(cuotas, 2), Confianza: cuadra ? 0.95 : 0.6 } : null,
    Comercio: leerComercio(lineas),
    Tipos: tipos,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A total with VAT into what the engine books

export interface DesgloseTicket {
  Base: string;
  Cuota: string;
  /** Base + quota as the engine books it. */
  Total: string;
  /** What the ticket says minus what is booked: 0.00, or a cent where no base gives that total at that rate. */
  Diferencia: string;
}

/**
 * A total WITH VAT at one rate into base and quota as the engine computes them (quota = round(base × rate), half
 * away from zero): the base whose booked total is the ticket's. At 21 % about one total in six has no such base (the
 * quota jumps a cent as the base moves one): then the closest base below, and the cent left is `Diferencia` (the
 * ticket's paper total records it).
 */
export function desglosarTotal(total: string, porcentaje: string): DesgloseTicket {
  const t = dec(total);
  const p = dec(porcentaje);
  const divisor = add(dec(1), shift(p, 2));
  // total / (1 + p/100) to the cent: units × 10^k / divisor units, rounded half up.
  const num = round(t, 2).units * 10n ** BigInt(divisor.scale);
  const den = divisor.units;
  const aprox: Dec = { units: (num * 2n + den) / (2n * den), scale: 2 };
  const totalDe = (b: Dec) => add(b, cuotaDe(b, p));
  let elegida: Dec | null = null;
  let debajo: Dec | null = null;
  for (let d = -3n; d <= 3n; d++) {
    const b: Dec = { units: aprox.units + d, scale: 2 };
    const c = compare(totalDe(b), t);
    if (c === 0 && !elegida) elegida = b;
    if (c < 0 && (!debajo || compare(b, debajo) > 0)) debajo = b;
  }
  const base = elegida ?? debajo ?? aprox;
  const cuota = cuotaDe(base, p);
  const reservado = add(base, cuota);
  return {
    Base: toFixed(base, 2),
    Cuota: toFixed(cuota, 2),
    Total: toFixed(reservado, 2),
    Diferencia: toFixed(sub(round(t, 2), reservado), 2),
  };
}

export const hayDiferencia = (d: DesgloseTicket) => !isZero(dec(d.Diferencia));

// ---------------------------------------------------------------------------------------------------------------
// What the person confirms

export const MSG_TICKET = {
  sinTexto: 'No se ha podido leer el ticket: escribe los datos a mano',
  lecturaLenta: 'La lectura del ticket ha tardado demasiado: escribe los datos a mano',
  cuentaNoValida: 'Elige una cuenta de tesorería de la empresa que no esté de baja',
  cuentaDeOtroTipo: (forma: 'tarjeta' | 'efectivo') =>
    forma === 'efectivo' ? 'El pago en efectivo sale de una caja' : 'El pago con tarjeta sale de una cuenta corriente',
  sinTipoIva: (porcentaje: string) => `La empresa no tiene un tipo de IVA del ${porcentaje} %`,
  totalPositivo: 'El total debe ser mayor que cero',
  tiposNoSuman: 'Los importes por tipo de IVA deben sumar el total del ticket',
  datosNoValidos: 'Los datos del ticket no son válidos',
} as const;

const IMPORTE_TICKET = /^\d{1,10}(\.\d{1,2})?$/;
const importeTicket = z
  .union([z.string(), z.number()], { error: MSG.format })
  .transform((v) => String(v).trim().replace(/\s|€/g, '').replace(',', '.'))
  .refine((v) => IMPORTE_TICKET.test(v), { error: MSG.format })
  // zod runs every refinement even after one failed: this one only judges a well-formed amount.
  .refine((v) => !IMPORTE_TICKET.test(v) || !isZero(dec(v)), { error: MSG_TICKET.totalPositivo });

/** One rate's share of a ticket with several rates (its total with VAT). */
export const tipoTicketSchema = z.object({
  PorcentajeIva: z.enum(PORCENTAJES_TICKET, { error: MSG.format }),
  Total: importeTicket,
});

/**
 * The confirmed ticket: date, total WITH VAT and its rate (or one total per rate), the merchant's name (kept even
 * when the expense is booked on the "Proveedores varios" supplier), paid by card or cash from a treasury account.
 */
export const ticketGastoSchema = z.object({
  Fecha: z.string({ error: MSG.required('Fecha') }).refine(isIsoDate, { error: MSG.format }),
  Total: importeTicket,
  PorcentajeIva: z.enum(PORCENTAJES_TICKET, { error: MSG.required('IVA') }),
  /** Several rates (a supermarket): each one's total with VAT; they must add up to `Total`. */
  Tipos: z.array(tipoTicketSchema, { error: MSG.format }).max(5).nullish(),
  Comercio: requiredString('Comercio', 200),
  NIF: z
    .string({ error: MSG.format })
    .trim()
    .max(20, { error: MSG.maxLength('NIF', 20) })
    .refine((v) => !v || checkTaxId(v).ok, { error: MSG.format })
    .nullish(),
  FormaPago: z.enum(['tarjeta', 'efectivo'], { error: MSG.required('Forma de pago') }),
  IdTesoreria: z.coerce
    .number({ error: MSG.required('Cuenta') })
    .int({ error: MSG.required('Cuenta') })
    .positive({ error: MSG.required('Cuenta') }),
  Concepto: optionalString('Concepto', 200),
  Categoria: categoriaGasto(MSG.format),
});
export type TicketGastoInput = z.infer<typeof ticketGastoSchema>;

/** The rates of a confirmed ticket with their totals: the list when given, else the one rate with the whole total. */
export function tiposDelTicket(t: TicketGastoInput): { PorcentajeIva: string; Total: string }[] {
  return t.Tipos?.length ? t.Tipos : [{ PorcentajeIva: t.PorcentajeIva, Total: t.Total }];
}
