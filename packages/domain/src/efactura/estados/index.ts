/**
 * The status a receiver reports on a received e-invoice (Real Decreto 238/2026): its acceptance or rejection (with a
 * reason) and its full payment (with the date), each within four calendar days, to the issuer's platform (the
 * AEAT's SPFE). The reasons are the OpenPEPPOL invoice response's status clarification codes (OPStatusReason, the
 * public list the European platforms share; the AEAT has not published a list of its own), plus free text.
 */

export const TIPOS_ESTADO_RECIBIDA = ['aceptada', 'rechazada', 'pagada'] as const;
export type TipoEstadoRecibida = (typeof TIPOS_ESTADO_RECIBIDA)[number];

export const NOMBRE_ESTADO_RECIBIDA: Record<TipoEstadoRecibida, string> = {
  aceptada: 'Aceptada',
  rechazada: 'Rechazada',
  pagada: 'Pagada',
};

/** Why a received invoice is rejected: OpenPEPPOL's status clarification codes, in Spanish. */
export const MOTIVOS_RECHAZO = {
  REF: 'Faltan las referencias o son incorrectas (pedido, contrato)',
  LEG: 'Faltan datos legales o son incorrectos',
  REC: 'El destinatario no es esta empresa',
  QUA: 'La calidad no es aceptable',
  DEL: 'La entrega no es aceptable',
  PRI: 'Los precios no son los acordados',
  QTY: 'Las cantidades no son las acordadas',
  ITM: 'Los artículos no son los pedidos',
  PAY: 'Las condiciones de pago no son las acordadas',
  UNR: 'No reconocemos la operación',
  FIN: 'Las condiciones de financiación no son las acordadas',
  OTH: 'Otro motivo (explícalo)',
} as const;
export type MotivoRechazo = keyof typeof MOTIVOS_RECHAZO;

export const OPCIONES_MOTIVO_RECHAZO = Object.entries(MOTIVOS_RECHAZO).map(([value, label]) => ({
  value,
  label: `${value} · ${label}`,
}));

export function esMotivoRechazo(v: unknown): v is MotivoRechazo {
  return typeof v === 'string' && Object.hasOwn(MOTIVOS_RECHAZO, v);
}

/** Calendar days the receiver has to report each status. */
export const DIAS_PLAZO_ESTADO = 4;

export const MSG_ESTADOS_RECIBIDA = {
  motivo: 'Elige el motivo del rechazo',
  detalle: 'Explica el motivo del rechazo',
  detalleLargo: 'La explicación no puede superar los 500 caracteres',
  yaDecidida: (estado: string) => `La factura ya está ${estado.toLowerCase()}: su aceptación o rechazo no se cambia`,
  pagadaNoRechazable: 'La factura ya está pagada: no se puede rechazar',
  noRecibida: 'La factura no es una factura electrónica recibida',
  noPagada: 'La factura no está pagada del todo',
} as const;

/** Whole days from `desde` to `hasta` (yyyy-mm-dd; negative when `hasta` is before). */
export function diasEntre(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);
}

/** The day `dias` calendar days after `fecha` (yyyy-mm-dd). */
export function diaTras(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** Where a report stands: not made yet, made and waiting in the queue, or sent to the platform. */
export type EstadoInforme = 'falta' | 'en_cola' | 'enviado';

/** One report's clock: its last day, the days left (negative: overdue) and whether it reached the platform. */
export interface PlazoEstado {
  /** Last day to report it (yyyy-mm-dd). */
  Limite: string;
  DiasRestantes: number;
  Informe: EstadoInforme;
  /** Sent to the platform: its clock stopped. */
  Hecho: boolean;
}

/** How urgent a received invoice's reports are: nothing due, due, one day left (or less), overdue. */
export type NivelPlazo = 'al_dia' | 'pendiente' | 'aviso' | 'vencido';

export interface PlazosRecibida {
  /** Accepting or rejecting: four days from the day the e-invoice was received. */
  Decision: PlazoEstado;
  /** Reporting the full payment: four days from the payment's date (null while it is not fully paid). */
  Pago: PlazoEstado | null;
  Nivel: NivelPlazo;
}

export interface DatosPlazo {
  /** The day the e-invoice was received (yyyy-mm-dd, Spain's day). */
  recibida: string;
  decision: EstadoInforme;
  /** The day it became fully paid (null: not fully paid). */
  fechaPago: string | null;
  pago: EstadoInforme;
}

function plazo(desde: string, informe: EstadoInforme, hoy: string): PlazoEstado {
  const Limite = diaTras(desde, DIAS_PLAZO_ESTADO);
  return { Limite, DiasRestantes: diasEntre(hoy, Limite), Informe: informe, Hecho: informe === 'enviado' };
}

/**
 * The four-day clocks of a received e-invoice on `hoy`: the acceptance/rejection from its reception, the payment
 * from its date; each stops when its report reaches the platform (made but still queued, it keeps running). The
 * level is the most urgent report still open: overdue after its last day, a warning on its last day and the one
 * before, pending otherwise; al_dia when nothing is left to report.
 */
export function plazosRecibida(d: DatosPlazo, hoy: string): PlazosRecibida {
  const Decision = plazo(d.recibida, d.decision, hoy);
  const Pago = d.fechaPago ? plazo(d.fechaPago, d.pago, hoy) : null;
  const abiertos = [Decision, Pago].filter((p): p is PlazoEstado => !!p && !p.Hecho);
  const menor = Math.min(...abiertos.map((p) => p.DiasRestantes));
  const Nivel: NivelPlazo = !abiertos.length ? 'al_dia' : menor < 0 ? 'vencido' : menor <= 1 ? 'aviso' : 'pendiente';
  return { Decision, Pago, Nivel };
}

/** The clock in a few words: «Quedan 3 días para aceptarla o rechazarla», «… vencido hace 2 días»… */
export function textoPlazo(p: PlazosRecibida): string {
  const abierto = !p.Decision.Hecho ? p.Decision : p.Pago && !p.Pago.Hecho ? p.Pago : null;
  if (!abierto) return 'Estados informados';
  const que =
    abierto === p.Decision
      ? abierto.Informe === 'falta'
        ? 'aceptarla o rechazarla'
        : 'enviar la decisión'
      : 'informar del pago';
  const n = abierto.DiasRestantes;
  if (n < 0) return `Plazo para ${que} vencido hace ${-n} ${-n === 1 ? 'día' : 'días'}`;
  if (n === 0) return `Hoy es el último día para ${que}`;
  return `${n === 1 ? 'Queda 1 día' : `Quedan ${n} días`} para ${que}`;
}
