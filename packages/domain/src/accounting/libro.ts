import { z } from 'zod';
import { formatAmount } from '../format/amount.ts';
import { MSG } from '../validation/messages.ts';
import { requiredString } from '../validation/password.ts';
import { isIsoDate } from '../validation/patterns.ts';
import { type Apunte, type Asiento, centimos, importe } from './asientos.ts';

/**
 * The ledger's own rules (the entries kept in Faro): a manual entry and its balanced check, the reverse entry that
 * cancels another (entries are never edited), and the Spanish messages of the ledger.
 */
/** One account's row of the sumas y saldos balance: its totals and its balance on the side it falls (amounts as text). */
export interface FilaSumas {
  Cuenta: string;
  Nombre: string;
  Debe: string;
  Haber: string;
  SaldoDeudor: string;
  SaldoAcreedor: string;
}

/** A line of a ledger entry as the API answers it, with its account's name. */
export interface ApunteLibro {
  Subcuenta: string;
  Nombre: string;
  Concepto: string;
  Debe: string;
  Haber: string;
}

/** An entry of the ledger as the API answers it (`libro/asiento/:id`, `libro/asientos`). */
export interface AsientoLibro {
  Id: number;
  Numero: number;
  Fecha: string;
  Concepto: string;
  Tipo: string;
  TipoTexto: string;
  Origen: string;
  IdOrigen: number | null;
  Documento: string;
  IdRevertido: number | null;
  Apuntes: ApunteLibro[];
}

export const MSG_LIBRO = {
  descuadrado: (debe: string, haber: string) =>
    `El asiento no cuadra: el debe (${formatAmount(debe)}) y el haber (${formatAmount(haber)}) deben sumar lo mismo`,
  pocasLineas: 'El asiento necesita al menos dos apuntes',
  unLado: 'Cada apunte lleva un importe en el debe o en el haber, no en los dos',
  sinImporte: 'El apunte necesita un importe en el debe o en el haber',
  cuentaFormato: (digitos: number) => `La subcuenta debe tener ${digitos} dígitos`,
  ejercicioCerrado: (ejercicio: number) =>
    `El ejercicio ${ejercicio} está cerrado: sus asientos no se pueden crear ni modificar`,
  ejercicioYaCerrado: (ejercicio: number) => `El ejercicio ${ejercicio} ya está cerrado`,
  ejercicioAbierto: (ejercicio: number) => `El ejercicio ${ejercicio} no está cerrado`,
  reabrirPosterior: (ejercicio: number) =>
    `No se puede reabrir el ejercicio ${ejercicio} mientras el ejercicio ${ejercicio + 1} esté cerrado`,
  soloManuales: 'Solo se pueden anular asientos manuales: los de un documento se anulan con su documento',
  yaAnulado: 'El asiento ya está anulado',
} as const;

const DINERO = /^\d{1,13}(\.\d{1,2})?$/;
const dinero = (label: string) =>
  z
    .string()
    .trim()
    .max(20, { error: MSG.maxLength(label, 20) })
    .refine((v) => v === '' || DINERO.test(v), { error: MSG.format })
    .optional()
    .transform((v) => (v === undefined || v === '' ? 0 : centimos(v)));

/** One line of a manual entry: a subaccount and an amount on one side. */
export const apunteManualSchema = z
  .object({
    Subcuenta: z
      .string({ error: MSG.required('Subcuenta') })
      .trim()
      .min(1, { error: MSG.required('Subcuenta') })
      .regex(/^\d{3,12}$/, { error: MSG.format }),
    Concepto: z
      .string()
      .trim()
      .max(100, { error: MSG.maxLength('Concepto', 100) })
      .optional(),
    Debe: dinero('Debe'),
    Haber: dinero('Haber'),
  })
  .superRefine((a, ctx) => {
    if (a.Debe > 0 && a.Haber > 0) ctx.addIssue({ code: 'custom', message: MSG_LIBRO.unLado, path: ['Haber'] });
    if (a.Debe === 0 && a.Haber === 0) ctx.addIssue({ code: 'custom', message: MSG_LIBRO.sinImporte, path: ['Debe'] });
  });

/** A manual entry: date, concept and at least two lines whose debits equal their credits. */
export const asientoManualSchema = z
  .object({
    Fecha: z
      .string({ error: MSG.required('Fecha') })
      .refine(isIsoDate, { error: MSG.format })
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: MSG.format }),
    Concepto: requiredString('Concepto', 100),
    Documento: z
      .string()
      .trim()
      .max(40, { error: MSG.maxLength('Documento', 40) })
      .optional(),
    Apuntes: z.array(apunteManualSchema, { error: MSG.required('Apuntes') }).max(500, { error: MSG.format }),
  })
  .superRefine((a, ctx) => {
    if (a.Apuntes.length < 2) {
      ctx.addIssue({ code: 'custom', message: MSG_LIBRO.pocasLineas, path: ['Apuntes'] });
      return;
    }
    const debe = a.Apuntes.reduce((s, l) => s + l.Debe, 0);
    const haber = a.Apuntes.reduce((s, l) => s + l.Haber, 0);
    if (debe !== haber)
      ctx.addIssue({
        code: 'custom',
        message: MSG_LIBRO.descuadrado(importe(debe), importe(haber)),
        path: ['Apuntes'],
      });
  });
export type AsientoManual = z.output<typeof asientoManualSchema>;

/** The fiscal year of a date (the calendar year: Faro's companies close on 31 December). */
export const ejercicioDe = (fecha: string): number => Number(fecha.slice(0, 4));

/** The reverse of an entry: every line on the other side, same accounts and documents, dated `fecha`. */
export function asientoInverso(a: Asiento, fecha: string): Asiento {
  const lineas: Apunte[] = a.Apuntes.map((l) => ({
    ...l,
    Concepto: `ANULA ${l.Concepto}`.slice(0, 25),
    Debe: l.Haber,
    Haber: l.Debe,
  }));
  return { ...a, Fecha: fecha, Apuntes: lineas };
}

/** Net balance per subaccount of a set of entries (debe − haber, cents), zero ones dropped: the entries' effect. */
export function efectoAsientos(asientos: readonly Asiento[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of asientos)
    for (const l of a.Apuntes) out.set(l.Subcuenta, (out.get(l.Subcuenta) ?? 0) + centimos(l.Debe) - centimos(l.Haber));
  for (const [k, v] of out) if (v === 0) out.delete(k);
  return out;
}
