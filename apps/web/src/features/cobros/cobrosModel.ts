import { type FilaLibro, parseAmount, type TotalTipo } from '@faro/domain';

export type { FilaLibro, TotalTipo };

/** Shapes and pure helpers of the collections, overdue and issued-invoice book screens. */

export interface Cobro {
  Id: number;
  IdFactura: number;
  Fecha: string;
  Importe: string;
  IdTesoreria: number;
  IdConcepto: number | null;
  Notas: string | null;
  NumSerie: string | null;
  ClienteNombre: string | null;
}

export interface FacturaVencida {
  Id: number;
  NumSerie: string;
  Fecha: string;
  Cliente: number;
  ClienteNombre: string;
  Total: string;
  Cobrado: string;
  Pendiente: string;
  ImporteVencido: string;
  PrimerVencimiento: string;
  DiasVencida: number;
}

export interface FacturaCobrable {
  Id: number;
  NumSerie: string | null;
  ClienteNombre: string;
  Total: string;
  EstadoCobro: string | null;
}

export interface Vencimiento {
  Plazo: number;
  Fecha: string;
  Importe: string;
  Pendiente: string;
}

export interface RespuestaLibro {
  Items: FilaLibro[];
  Total: number;
  TotalLimitado?: boolean;
  Totales: {
    PorTipo: TotalTipo[];
    General: { Facturas: number; Base: string; Cuota: string; CuotaRecargo: string; Retencion: string; Total: string };
  };
}

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** A calendar quarter (1–4) of a year as the book's period. */
export function trimestre(anyo: number, t: number): { FechaDesde: string; FechaHasta: string } {
  const primerMes = (t - 1) * 3 + 1;
  const ultimoMes = primerMes + 2;
  const ultimoDia = new Date(Date.UTC(anyo, ultimoMes, 0)).getUTCDate();
  return { FechaDesde: iso(anyo, primerMes, 1), FechaHasta: iso(anyo, ultimoMes, ultimoDia) };
}

/** The quarter a date falls in (the book opens on the current one). */
export function trimestreDe(fecha: string): { anyo: number; t: number } {
  const [y, m] = fecha.split('-').map(Number) as [number, number];
  return { anyo: y, t: Math.floor((m - 1) / 3) + 1 };
}

/** Today as YYYY-MM-DD in the browser's calendar. */
export function hoy(now: Date = new Date()): string {
  return iso(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** What is pending of an invoice: the sum of its instalments' pending amounts (cents, exact). */
export function pendienteDe(vencimientos: readonly Vencimiento[]): string {
  const cents = vencimientos.reduce((s, v) => s + Math.round(Number(v.Pendiente) * 100), 0);
  const neg = cents < 0;
  const abs = Math.abs(cents);
  return `${neg ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The body of `POST tesoreria/movstesoreriac/save` from the 'Nuevo cobro' form. */
export function cobroBody(v: {
  IdFactura: string | null;
  Fecha: string;
  Importe: string;
  IdTesoreria: string | null;
  Notas: string;
}) {
  return {
    IdFactura: v.IdFactura ? Number(v.IdFactura) : null,
    Fecha: v.Fecha,
    Importe: parseAmount(v.Importe) ?? v.Importe.trim(),
    IdTesoreria: v.IdTesoreria ? Number(v.IdTesoreria) : null,
    Notas: v.Notas.trim() || null,
  };
}
