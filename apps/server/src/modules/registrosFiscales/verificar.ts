/**
 * The chain check every channel serves (`GET {base}/verificar`): each of the company's chains (a VeriFactu
 * installation, a TicketBAI series) read in pages in chain order, every link recomputed by the channel, and a gap
 * in the positions reported where the channel said nothing of that record. The answer's shape is the same for
 * every channel (the web's `VerificacionVista`).
 */

export interface Incidencia {
  Id: number;
  Mensaje: string;
}

export interface VerificacionCadenas {
  Valida: boolean;
  Registros: number;
  Cadenas: { Instalacion: string; Registros: number; Valida: boolean; Incidencias: Incidencia[] }[];
}

/** A record of a chain as the check reads it: its id and position. */
export interface Eslabon {
  id: number;
  secuencia: number;
}

export interface CadenasCanal<P extends Eslabon> {
  /** The company's chains (their keys). */
  claves(): Promise<string[]>;
  /** The next page of a chain after position `despuesDe`, in chain order. */
  pagina(clave: string, despuesDe: number): Promise<P[]>;
  /** What is wrong in a page, given the record before it (by index in the page). */
  comprobar(pagina: readonly P[], previo: P | null): { indice: number; Mensaje: string }[];
  /** The text of a missing position. */
  falta(secuencia: number): string;
}

export async function verificarCadenas<P extends Eslabon>(canal: CadenasCanal<P>): Promise<VerificacionCadenas> {
  const cadenas: VerificacionCadenas['Cadenas'] = [];
  let total = 0;
  for (const clave of await canal.claves()) {
    let previo: P | null = null;
    let ultimo = 0;
    const incidencias: Incidencia[] = [];
    let n = 0;
    for (;;) {
      const pagina = await canal.pagina(clave, ultimo);
      if (!pagina.length) break;
      for (const inc of canal.comprobar(pagina, previo))
        incidencias.push({ Id: pagina[inc.indice]!.id, Mensaje: inc.Mensaje });
      pagina.forEach((p, k) => {
        if (p.secuencia !== ultimo + k + 1 && !incidencias.some((x) => x.Id === p.id)) {
          incidencias.push({ Id: p.id, Mensaje: canal.falta(ultimo + k + 1) });
        }
      });
      n += pagina.length;
      previo = pagina[pagina.length - 1]!;
      ultimo = previo.secuencia;
    }
    total += n;
    cadenas.push({ Instalacion: clave, Registros: n, Valida: incidencias.length === 0, Incidencias: incidencias });
  }
  return { Valida: cadenas.every((x) => x.Valida), Registros: total, Cadenas: cadenas };
}
