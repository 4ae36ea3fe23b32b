import { z } from 'zod';
import { enumOptions, opcionesPorIndice } from '../fields/enumOptions.ts';
import { MSG } from '../validation/messages.ts';
import { requiredString } from '../validation/password.ts';
import { isIsoDate } from '../validation/patterns.ts';
import { TIPOS_ACTIVIDAD_VALORES } from './calendario.ts';

/** Spec section 4: CRM opportunity status and probability. */
export const ESTADOS_OPORTUNIDAD = opcionesPorIndice('Pendiente', 'Ganada', 'Perdida', 'Anulada');
export const PROBABILIDADES = opcionesPorIndice('Bajo', 'Medio', 'Alto');
/** Contacts an opportunity or activity points at: customers and potential customers. */
export const TIPOS_CONTACTO_CRM = enumOptions({ c: 'Cliente', p: 'Cliente potencial' });

export const etiquetaEstadoOportunidad = (v: number) => ESTADOS_OPORTUNIDAD.find((e) => e.value === v)?.label ?? '';
export const etiquetaProbabilidad = (v: number) => PROBABILIDADES.find((e) => e.value === v)?.label ?? '';

export const MSG_CRM = {
  faseNoExiste: 'La fase no existe en el embudo',
  motivoPerdida: 'Indica el motivo por el que se perdió',
  embudoConOportunidades: 'El embudo tiene oportunidades: dalo de baja en lugar de eliminarlo',
  faseConOportunidades: (fase: string) => `La fase ${fase} tiene oportunidades: muévelas antes de quitarla`,
  sinFases: 'El embudo necesita al menos una fase',
  movida: (fase: string) => `Oportunidad movida a ${fase}`,
  presupuestoSoloClientes: 'El presupuesto se crea para un cliente: convierte antes el cliente potencial',
} as const;

const entero = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: MSG.required(label) })
    .int({ error: MSG.format })
    .min(min, { error: MSG.min(min) })
    .max(max, { error: MSG.max(max) });
const idRef = (label: string) =>
  z.coerce
    .number({ error: MSG.required(label) })
    .int()
    .positive({ error: MSG.required(label) });
const fecha = z
  .string()
  .refine(isIsoDate, { error: MSG.format })
  .nullish()
  .or(z.literal('').transform(() => null));

export const faseSchema = z.object({
  Linea: entero('Línea', 1, 999),
  Nombre: requiredString('Nombre', 60),
  Probabilidad: entero('Probabilidad', 0, 100),
});
export const embudoSchema = z.object({
  Nombre: requiredString('Nombre', 100),
  Baja: z.boolean().optional().default(false),
  Fases: z
    .array(faseSchema, { error: MSG_CRM.sinFases })
    .min(1, { error: MSG_CRM.sinFases })
    .max(30, { error: MSG.max(30) })
    .refine((f) => new Set(f.map((x) => x.Linea)).size === f.length, { error: MSG.format }),
});
export type EmbudoInput = z.infer<typeof embudoSchema>;

/** Why an opportunity was lost: required once its status is Perdida (2). */
const motivoPerdida = z
  .string()
  .trim()
  .max(500, { error: MSG.maxLength('Motivo', 500) })
  .nullish();
function motivoSiPerdida(v: { Estado?: number; MotivoPerdida?: string | null }, ctx: z.RefinementCtx) {
  if (v.Estado === 2 && !v.MotivoPerdida) {
    ctx.addIssue({ code: 'custom', path: ['MotivoPerdida'], message: MSG_CRM.motivoPerdida });
  }
}

export const oportunidadSchema = z
  .object({
    IdEmbudo: idRef('Embudo'),
    LinFaseEmbudo: entero('Fase', 1, 999),
    TipoContacto: z.enum(['c', 'p'], { error: MSG.required('Tipo de contacto') }),
    IdContacto: idRef('Contacto'),
    Titulo: requiredString('Título', 150),
    Importe: z.coerce
      .number({ error: MSG.format })
      .min(0, { error: MSG.min(0) })
      .max(999_999_999.99, { error: MSG.max('999999999,99') })
      .default(0),
    FechaCierre: fecha,
    Probabilidad: entero('Probabilidad', 0, 2).default(1),
    IdComercial: z.coerce.number().int().positive().nullish(),
    Estado: entero('Estado', 0, 3).default(0),
    MotivoPerdida: motivoPerdida,
    Notas: z
      .string()
      .max(4000, { error: MSG.maxLength('Notas', 4000) })
      .nullish(),
  })
  .superRefine(motivoSiPerdida);
export type OportunidadInput = z.infer<typeof oportunidadSchema>;

/** A kanban move: the phase, and optionally the status (Ganada / Perdida with its reason). */
export const moverSchema = z
  .object({
    LinFaseEmbudo: entero('Fase', 1, 999),
    Estado: entero('Estado', 0, 3).optional(),
    MotivoPerdida: motivoPerdida,
  })
  .superRefine(motivoSiPerdida);

export const actividadSchema = z.object({
  Tipo: z.enum(TIPOS_ACTIVIDAD_VALORES, { error: MSG.required('Tipo') }),
  Asunto: requiredString('Asunto', 200),
  Descripcion: z
    .string()
    .max(4000, { error: MSG.maxLength('Descripción', 4000) })
    .nullish(),
  Inicio: z.iso.datetime({ offset: true, error: MSG.format }),
  Fin: z.iso.datetime({ offset: true, error: MSG.format }).nullish(),
  TodoDia: z.boolean().optional().default(false),
  IdResponsable: z.coerce.number().int().positive().nullish(),
  IdOportunidad: z.coerce.number().int().positive().nullish(),
  TipoContacto: z.enum(['c', 'p']).nullish(),
  IdContacto: z.coerce.number().int().positive().nullish(),
  Hecha: z.boolean().optional().default(false),
  Recordatorio: z.iso.datetime({ offset: true, error: MSG.format }).nullish(),
});
export type ActividadInput = z.infer<typeof actividadSchema>;

/** Column totals of a kanban: sum of amounts and the forecast weighted by each phase's probability. */
export function totalesColumna(importes: readonly number[], probabilidad: number) {
  const total = Math.round(importes.reduce((s, x) => s + x, 0) * 100) / 100;
  return { Total: total, Ponderado: Math.round(total * probabilidad) / 100 };
}
