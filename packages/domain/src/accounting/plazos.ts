/**
 * The AEAT quarterly calendar (303, 130, 111, 115): the 1st quarter is filed until 20 April, the 2nd until 20 July,
 * the 3rd until 20 October and the 4th until 30 January of the next year.
 */
export interface PlazoFiscal {
  /** yyyy-mm-dd, the last day to file. */
  Fecha: string;
  /** '1T' … '4T' and its year. */
  Periodo: string;
  Anyo: number;
  Descripcion: string;
  /** Days from `hoy` to the deadline (0 = today). */
  Dias: number;
}

const TRIMESTRES = ['Primer', 'Segundo', 'Tercer', 'Cuarto'] as const;

/** The next deadline on or after `hoy` (yyyy-mm-dd). */
export function proximoPlazoFiscal(hoy: string): PlazoFiscal {
  const year = Number(hoy.slice(0, 4));
  const candidatos: { Fecha: string; t: number; anyo: number }[] = [
    { Fecha: `${year}-01-30`, t: 4, anyo: year - 1 },
    { Fecha: `${year}-04-20`, t: 1, anyo: year },
    { Fecha: `${year}-07-20`, t: 2, anyo: year },
    { Fecha: `${year}-10-20`, t: 3, anyo: year },
    { Fecha: `${year + 1}-01-30`, t: 4, anyo: year },
  ];
  const p = candidatos.find((c) => c.Fecha >= hoy) ?? candidatos[candidatos.length - 1]!;
  const dias = Math.round((Date.parse(`${p.Fecha}T00:00:00Z`) - Date.parse(`${hoy}T00:00:00Z`)) / 86_400_000);
  return {
    Fecha: p.Fecha,
    Periodo: `${p.t}T`,
    Anyo: p.anyo,
    Descripcion: `${TRIMESTRES[p.t - 1]} trimestre ${p.anyo} (modelos 303, 130, 111 y 115)`,
    Dias: dias,
  };
}
