import { identificadorTbaiValido } from '@faro/domain';

/**
 * A TicketBAI series' chain: each alta carries the first 100 characters of the previous file's SignatureValue
 * (none for the first of the series) and an identifier whose CRC must hold. The viewer checks one file against
 * the one before it; the chain check (`…/verificar`) every file of every series.
 */

export interface EslabonTbai {
  secuencia: number | null;
  firmaAnterior: string | null;
  identificador: string | null;
}

/** What is wrong with an alta, given the file before it in its series (undefined when there is none). */
export function incidenciasEslabon(f: EslabonTbai, anterior: { signatureValue: string } | undefined): string[] {
  const incidencias: string[] = [];
  if (f.secuencia === 1 && f.firmaAnterior) incidencias.push('El primer fichero de la serie no debe encadenarse');
  if (anterior && f.firmaAnterior !== anterior.signatureValue.slice(0, 100))
    incidencias.push('La firma encadenada no coincide con la del fichero anterior');
  if (f.secuencia && f.secuencia > 1 && !anterior) incidencias.push('Falta el fichero anterior de la serie');
  if (f.identificador && !identificadorTbaiValido(f.identificador))
    incidencias.push('El identificador TBAI no es válido (CRC)');
  return incidencias;
}
