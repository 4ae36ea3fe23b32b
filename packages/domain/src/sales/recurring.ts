import { z } from 'zod';
import { MSG } from '../validation/messages.ts';
import { optionalString, requiredString } from '../validation/password.ts';
import { isIsoDate } from '../validation/patterns.ts';
import { lineaVentaSchema } from './documents.ts';

/**
 * Recurring sales invoices (`fventarec`): a template (customer, series, lines, periodicity, dates, action) from which
 * the server generates one invoice per due period. The period arithmetic and the save body live here so the browser
 * shows the same next dates and validates the same way.
 */
export const PERIODICIDADES = {
  Mensual: 1,
  Bimestral: 2,
  Trimestral: 3,
  Semestral: 6,
  Anual: 12,
} as const;
export type Periodicidad = keyof typeof PERIODICIDADES;
export const PERIODICIDAD_LIST = Object.keys(PERIODICIDADES) as Periodicidad[];

/** What each generated period does: leave a draft, issue it (takes a number), or issue it and e-mail the PDF. */
export const ACCIONES_RECURRENTE = {
  borrador: 'Crear borrador',
  emitir: 'Emitir',
  enviar: 'Emitir y enviar por correo',
} as const;
export type AccionRecurrente = keyof typeof ACCIONES_RECURRENTE;
export const ACCION_RECURRENTE_LIST = Object.keys(ACCIONES_RECURRENTE) as AccionRecurrente[];

export const MSG_RECURRENTES = {
  fechaFinAnterior: 'La fecha de fin no puede ser anterior a la fecha de inicio',
  proximaAnterior: 'La próxima fecha no puede ser anterior a la fecha de inicio',
  periodicidad: 'La periodicidad debe ser Mensual, Bimestral, Trimestral, Semestral o Anual',
  accion: 'La acción debe ser crear borrador, emitir o emitir y enviar por correo',
  sinEmail: 'El cliente no tiene correo electrónico: no se puede enviar la factura',
  deBaja: 'La plantilla está de baja: no se generan facturas',
} as const;

const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

const ymd = (iso: string) => iso.split('-').map(Number) as [number, number, number];
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const diasDelMes = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * `fecha` plus `meses` months on day `diaAncla` (the start date's day), clamped to the month's end: a template
 * starting on 31 January runs on 28/29 February, 31 March, 30 April… without drifting.
 */
export function sumarMeses(fecha: string, meses: number, diaAncla?: number): string {
  const [y, m, d] = ymd(fecha);
  const total = y * 12 + (m - 1) + meses;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return iso(ny, nm, Math.min(diaAncla ?? d, diasDelMes(ny, nm)));
}

/** The date of the period after `fecha` for a template that started on `inicio`. */
export function siguienteFecha(fecha: string, periodicidad: Periodicidad, inicio: string): string {
  return sumarMeses(fecha, PERIODICIDADES[periodicidad], ymd(inicio)[2]);
}

/**
 * The due periods of a template on `hoy`: from `proxima` while ≤ hoy and ≤ fin (when given), at most `max`.
 */
export function periodosPendientes(
  proxima: string,
  periodicidad: Periodicidad,
  inicio: string,
  hoy: string,
  fin?: string | null,
  max = 120,
): string[] {
  const out: string[] = [];
  let f = proxima;
  while (f <= hoy && (!fin || f <= fin) && out.length < max) {
    out.push(f);
    f = siguienteFecha(f, periodicidad, inicio);
  }
  return out;
}

/** The period a date opens, in words: "noviembre 2026", "enero – marzo 2026", "noviembre 2026 – octubre 2027". */
export function etiquetaPeriodo(fecha: string, periodicidad: Periodicidad): string {
  const [y, m] = ymd(fecha);
  const meses = PERIODICIDADES[periodicidad];
  if (meses === 1) return `${MESES[m - 1]} ${y}`;
  const [fy, fm] = ymd(sumarMeses(iso(y, m, 1), meses - 1));
  return fy === y ? `${MESES[m - 1]} – ${MESES[fm - 1]} ${y}` : `${MESES[m - 1]} ${y} – ${MESES[fm - 1]} ${fy}`;
}

const fecha = z
  .string({ error: MSG.format })
  .refine(isIsoDate, { error: MSG.format })
  .refine(
    (v) => {
      const [y, m, d] = ymd(v);
      return y >= 1900 && m >= 1 && m <= 12 && d >= 1 && d <= diasDelMes(y, m);
    },
    { error: MSG.format },
  );
const optionalId = z.coerce.number({ error: MSG.format }).int({ error: MSG.format }).positive().nullish();

const idTercero = (label: string) =>
  z.coerce
    .number({ error: MSG.required(label) })
    .int({ error: MSG.format })
    .positive({ error: MSG.required(label) });

/** The template save body's fields common to both sides (the party's field is `Cliente` / `Proveedor`). */
const camposPlantilla = {
  Descripcion: requiredString('Descripción', 200),
  Serie: optionalId,
  IdFormaPago: optionalId,
  Observaciones: optionalString('Observaciones', 4000),
  PorcRetencion: z
    .union([z.string(), z.number()], { error: MSG.format })
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => /^\d{1,2}(\.\d{1,2})?$/.test(v), { error: MSG.format })
    .nullish(),
  Periodicidad: z.enum(PERIODICIDAD_LIST as [Periodicidad, ...Periodicidad[]], {
    error: MSG_RECURRENTES.periodicidad,
  }),
  FechaInicio: fecha,
  ProximaFecha: fecha.nullish(),
  FechaFin: fecha.nullish(),
  Accion: z.enum(ACCION_RECURRENTE_LIST as [AccionRecurrente, ...AccionRecurrente[]], {
    error: MSG_RECURRENTES.accion,
  }),
  Baja: z.boolean({ error: MSG.format }).nullish(),
  Lineas: z
    .array(lineaVentaSchema.omit({ Lote: true, Caducidad: true }), { error: MSG.format })
    .min(1, { error: 'El documento debe tener al menos una línea' })
    .max(200),
};

function fechasPlantilla(
  v: { FechaInicio: string; FechaFin?: string | null | undefined; ProximaFecha?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (v.FechaFin && v.FechaFin < v.FechaInicio) {
    ctx.addIssue({ code: 'custom', path: ['FechaFin'], message: MSG_RECURRENTES.fechaFinAnterior });
  }
  if (v.ProximaFecha && v.ProximaFecha < v.FechaInicio) {
    ctx.addIssue({ code: 'custom', path: ['ProximaFecha'], message: MSG_RECURRENTES.proximaAnterior });
  }
}

// The party right after the description: errors come in the form's order.
const { Descripcion, ...restoPlantilla } = camposPlantilla;
export const plantillaRecurrenteSchema = z
  .object({ Descripcion, Cliente: idTercero('Cliente'), ...restoPlantilla })
  .superRefine(fechasPlantilla);
/** Recurring purchase invoices and expenses (`fcomprarec`, `fgastorec`): the supplier instead of the customer. */
export const plantillaRecurrenteCompraSchema = z
  .object({ Descripcion, Proveedor: idTercero('Proveedor'), ...restoPlantilla })
  .superRefine(fechasPlantilla);
export type PlantillaRecurrenteInput = z.infer<typeof plantillaRecurrenteSchema>;
export type PlantillaRecurrenteCompraInput = z.infer<typeof plantillaRecurrenteCompraSchema>;
