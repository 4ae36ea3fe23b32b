import { esFechaAeat, fechaAeat, importeAeat } from './format.ts';
import type { RegistroAlta } from './types.ts';

/**
 * The QR of the invoice: the AEAT cotejo URL (AEAT "Detalle de las especificaciones técnicas del código QR",
 * compliance-es.md §1.7). Four parameters in this order — nif, numserie, fecha (dd-mm-yyyy), importe (dot decimal) —
 * each value percent-encoded as UTF-8 (`&` in a series → `%26`). Printed 30–40 mm, error correction M, with
 * "QR tributario:" above and "VERI*FACTU" below.
 */

export type EntornoAeat = 'pruebas' | 'produccion';

export const HOSTS_COTEJO: Record<EntornoAeat, string> = {
  pruebas: 'https://prewww2.aeat.es',
  produccion: 'https://www2.agenciatributaria.gob.es',
};

export const LEYENDA_QR_SUPERIOR = 'QR tributario:';
export const LEYENDA_QR_VERIFACTU = 'VERI*FACTU';

export interface DatosCotejo {
  nif: string;
  numserie: string;
  /** dd-mm-yyyy (or yyyy-mm-dd, converted). */
  fecha: string;
  /** A string is used as written once checked ('241.4' stays '241.4'); a number is written with two decimals. */
  importe: string | number;
}

export interface OpcionesCotejo {
  entorno: EntornoAeat;
  /** true (default): VERI*FACTU system (ValidarQR); false: NO VERI*FACTU (ValidarQRNoVerifactu). */
  verifactu?: boolean;
}

const IMPORTE_QR = /^-?\d{1,12}(\.\d{1,2})?$/;
const ASCII_IMPRIMIBLE = /^[\x20-\x7e]+$/;

/** The base URL of the cotejo service, ending in '?'. */
export function baseCotejo(opciones: OpcionesCotejo): string {
  const servicio = opciones.verifactu === false ? 'ValidarQRNoVerifactu' : 'ValidarQR';
  return `${HOSTS_COTEJO[opciones.entorno]}/wlpl/TIKE-CONT/${servicio}?`;
}

/** The cotejo URL to encode in the QR. Throws (Spanish message) when a value cannot be represented. */
export function urlCotejo(datos: DatosCotejo, opciones: OpcionesCotejo): string {
  const nif = datos.nif.trim().toUpperCase();
  if (nif.length !== 9) throw new Error('El NIF del emisor debe tener 9 caracteres');
  const numserie = datos.numserie.trim();
  if (!numserie || numserie.length > 60 || !ASCII_IMPRIMIBLE.test(numserie)) {
    throw new Error('El número de serie solo admite de 1 a 60 caracteres ASCII imprimibles');
  }
  const fecha = /^\d{4}-\d{2}-\d{2}$/.test(datos.fecha.trim()) ? fechaAeat(datos.fecha) : datos.fecha.trim();
  if (!esFechaAeat(fecha)) throw new Error('La fecha de expedición no es válida');
  const importe = typeof datos.importe === 'number' ? importeAeat(datos.importe) : datos.importe.trim();
  if (!IMPORTE_QR.test(importe)) throw new Error('El importe total no es válido');
  const q = (v: string) => encodeURIComponent(v);
  return `${baseCotejo(opciones)}nif=${q(nif)}&numserie=${q(numserie)}&fecha=${q(fecha)}&importe=${q(importe)}`;
}

/** The cotejo URL of a registro de alta (the invoice's QR): same strings as the record. */
export function urlCotejoDe(registro: RegistroAlta, opciones: OpcionesCotejo): string {
  return urlCotejo(
    {
      nif: registro.IDFactura.IDEmisorFactura,
      numserie: registro.IDFactura.NumSerieFactura,
      fecha: registro.IDFactura.FechaExpedicionFactura,
      importe: registro.ImporteTotal,
    },
    opciones,
  );
}

/** How the QR must be printed (Orden HAC/1177/2024 arts. 20–21 as quoted by the AEAT QR specification). */
export const IMPRESION_QR = {
  /** ISO/IEC 18004 error correction level. */
  correccion: 'M',
  tamanoMinimoMm: 30,
  tamanoMaximoMm: 40,
  /** At least 2 mm of quiet zone; 6 mm recommended. */
  zonaSilencioMm: 6,
  leyendaSuperior: LEYENDA_QR_SUPERIOR,
  leyendaInferior: LEYENDA_QR_VERIFACTU,
} as const;
