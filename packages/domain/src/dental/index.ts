import { z } from 'zod';
import { enumOptions } from '../fields/enumOptions.ts';
import { MSG } from '../validation/messages.ts';

// Dental practices (account type odontologia): our reading in docs/odontologia.md.

// The chairs entity lives in its own zod-free module: the route tables (and so the web's first load) need it.
export { sillones } from './sillones.ts';

/** FDI numbering: quadrant × 10 + position. Permanent 11–18, 21–28, 31–38, 41–48; deciduous 51–55 … 81–85. */
const cuadrante = (q: number, n: number) => Array.from({ length: n }, (_, i) => q * 10 + i + 1);
export const PIEZAS_PERMANENTES: readonly number[] = [1, 2, 3, 4].flatMap((q) => cuadrante(q, 8));
export const PIEZAS_TEMPORALES: readonly number[] = [5, 6, 7, 8].flatMap((q) => cuadrante(q, 5));
export const esPiezaFdi = (n: number) => PIEZAS_PERMANENTES.includes(n) || PIEZAS_TEMPORALES.includes(n);

/** The five surfaces: O is occlusal on back teeth and incisal on front ones; V buccal/labial; L lingual/palatal. */
export const CARAS_DENTALES = enumOptions({
  M: 'Mesial',
  D: 'Distal',
  O: 'Oclusal / Incisal',
  V: 'Vestibular / Bucal',
  L: 'Lingual / Palatino',
});
export type CaraDental = (typeof CARAS_DENTALES)[number]['value'];
export const ESTADOS_MARCA = enumOptions({ planificado: 'Planificado', realizado: 'Realizado' });
export const ESTADOS_CITA = enumOptions({ programada: 'Programada', atendida: 'Atendida', anulada: 'Anulada' });
export const TIPOS_CONSENTIMIENTO = enumOptions({
  general: 'Tratamiento general',
  cirugia: 'Cirugía e implantes',
  ortodoncia: 'Ortodoncia',
  endodoncia: 'Endodoncia',
  datos: 'Tratamiento de datos de salud (RGPD)',
});

/** Whether a tooth is a front one (incisors and canines): its O surface reads 'Incisal'. */
export const esAnterior = (pieza: number) => pieza % 10 <= 3;
/** Upper arch: quadrants 1, 2 (permanent) and 5, 6 (deciduous); its L surface is palatal. */
export const esSuperior = (pieza: number) => [1, 2, 5, 6].includes(Math.floor(pieza / 10));
export function nombreCara(pieza: number, cara: CaraDental): string {
  if (cara === 'O') return esAnterior(pieza) ? 'Incisal' : 'Oclusal';
  if (cara === 'V') return 'Vestibular';
  if (cara === 'L') return esSuperior(pieza) ? 'Palatino' : 'Lingual';
  return cara === 'M' ? 'Mesial' : 'Distal';
}

export const MSG_DENTAL = {
  pieza: 'La pieza no existe en la numeración FDI (11–48 o 51–85)',
  caras: 'Indica caras M, D, O, V o L sin repetir',
  choqueDentista: (nombre: string, hora: string) => `${nombre} ya tiene una cita a las ${hora}`,
  choqueSillon: (nombre: string, hora: string) => `El sillón ${nombre} ya está ocupado a las ${hora}`,
  planAceptado: 'El plan ya está aceptado: sus precios no cambian; el trabajo nuevo va en otro plan',
  planSinAceptar: 'El paciente aún no ha aceptado el plan',
  yaRealizado: 'Ese tratamiento ya está realizado',
  noEsServicio: 'El tratamiento debe ser un servicio del catálogo',
  sinTipoExento: 'Falta el tipo de IVA exento E1 en la configuración de la empresa',
  citaCerrada: 'La cita ya está cerrada',
} as const;

const id = z.coerce.number({ error: MSG.format }).int({ error: MSG.format }).positive({ error: MSG.format });
const fecha = z.iso.date({ error: MSG.format });
const hora = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MSG.format });
const texto = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres` });

export const piezaSchema = z.coerce.number({ error: MSG_DENTAL.pieza }).int().refine(esPiezaFdi, MSG_DENTAL.pieza);
export const carasSchema = z
  .string()
  .regex(/^[MDOVL]{0,5}$/, { error: MSG_DENTAL.caras })
  .refine((c) => new Set(c).size === c.length, MSG_DENTAL.caras);

export const historiaSchema = z.object({
  Alergias: texto(2000).nullish(),
  Enfermedades: texto(2000).nullish(),
  Medicacion: texto(2000).nullish(),
  Notas: texto(4000).nullish(),
});
export const entradaHistoriaSchema = z.object({
  Fecha: fecha,
  Texto: texto(4000).min(1, { error: MSG.required('El texto') }),
  IdDentista: id.nullish(),
});
export const consentimientoSchema = z.object({
  Tipo: z.enum(TIPOS_CONSENTIMIENTO.map((t) => t.value) as [string, ...string[]], { error: MSG.format }),
  Fecha: fecha,
  IdFichero: id.nullish(),
  Observaciones: texto(1000).nullish(),
});
export const marcaSchema = z.object({
  Pieza: piezaSchema,
  Caras: carasSchema.default(''),
  IdProducto: id.nullish(),
  Descripcion: texto(200).min(1, { error: MSG.required('El tratamiento') }),
  Estado: z.enum(['planificado', 'realizado'], { error: MSG.format }).default('planificado'),
  Fecha: fecha.nullish(),
  IdDentista: id.nullish(),
});
export const citaSchema = z.object({
  IdCliente: id,
  IdDentista: id,
  IdSillon: id,
  Fecha: fecha,
  Hora: hora,
  Minutos: z.coerce.number({ error: MSG.format }).int().min(5, { error: 'Mínimo 5 minutos' }).max(480, {
    error: 'Máximo 8 horas',
  }),
  Motivo: texto(200).nullish(),
  Estado: z.enum(['programada', 'atendida', 'anulada'], { error: MSG.format }).default('programada'),
});
export const planSchema = z.object({
  IdCliente: id,
  Fecha: fecha,
  IdDentista: id.nullish(),
  Observaciones: texto(1000).nullish(),
  Lineas: z
    .array(
      z.object({
        IdProducto: id,
        Pieza: piezaSchema.nullish(),
        Caras: carasSchema.nullish(),
        Cantidad: z.coerce.number({ error: MSG.format }).positive({ error: MSG.format }).default(1),
        Precio: z.coerce.number({ error: MSG.format }).min(0, { error: MSG.format }).nullish(),
      }),
      { error: MSG.format },
    )
    .min(1, { error: 'El plan necesita al menos un tratamiento' })
    .max(200, { error: 'Máximo 200 tratamientos por plan' }),
});
export type CitaInput = z.infer<typeof citaSchema>;
export type MarcaInput = z.infer<typeof marcaSchema>;
export type PlanInput = z.infer<typeof planSchema>;

/** An appointment as the clash check sees it: [start, start + minutes) on one day. */
export interface CitaHueco {
  Id?: number | null;
  Fecha: string;
  Hora: string;
  Minutos: number;
  IdDentista: number;
  IdSillon: number;
}
const minutos = (h: string) => Number(h.slice(0, 2)) * 60 + Number(h.slice(3, 5));

/** The clashes of a new appointment with the live ones: the same dentist or the same chair at overlapping times. */
export function choquesCita(nueva: CitaHueco, otras: readonly CitaHueco[]) {
  const ini = minutos(nueva.Hora);
  const fin = ini + nueva.Minutos;
  const out: { Campo: 'IdDentista' | 'IdSillon'; con: CitaHueco }[] = [];
  for (const o of otras) {
    if (o.Fecha !== nueva.Fecha || (nueva.Id != null && o.Id === nueva.Id)) continue;
    const oi = minutos(o.Hora);
    if (!(oi < fin && ini < oi + o.Minutos)) continue;
    if (o.IdDentista === nueva.IdDentista) out.push({ Campo: 'IdDentista', con: o });
    if (o.IdSillon === nueva.IdSillon) out.push({ Campo: 'IdSillon', con: o });
  }
  return out;
}

/** The UTC instant of a wall-clock time in Spain (peninsula): `2026-07-01`, `10:00` → `2026-07-01T08:00:00.000Z`. */
export function instanteMadrid(fecha: string, hora: string): string {
  const comoUtc = Date.parse(`${fecha}T${hora}:00Z`);
  const partes = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Madrid',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(comoUtc));
  const v = (t: string) => partes.find((p) => p.type === t)!.value;
  const local = Date.parse(`${v('year')}-${v('month')}-${v('day')}T${v('hour')}:${v('minute')}:00Z`);
  return new Date(comoUtc - (local - comoUtc)).toISOString();
}
