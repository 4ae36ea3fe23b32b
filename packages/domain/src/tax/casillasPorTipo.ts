/**
 * The VAT boxes by rate both forms share, in the forms' order: accrued VAT (`devengado`) and the equivalence
 * surcharge (`recargo`), each rate with its 303 boxes [base, rate, quota] and the 390 boxes [base, quota] that sum
 * them over the year. Where two rates share boxes (7,5 % with 5 %, 0,62 % with 0,26 %) the first one names them
 * and its rate is the 303 rate box's text.
 */
export type LadoTipo = 'devengado' | 'recargo';

// biome-ignore format: a table reads one row a line
export const CASILLAS_POR_TIPO: readonly (readonly [lado: LadoTipo, tipo: string, base303: string, tipo303: string, cuota303: string, base390: string, cuota390: string])[] = [
  ['devengado', '0.00', '150', '151', '152', '700', '701'],
  ['devengado', '2.00', '165', '166', '167', '667', '668'],
  ['devengado', '4.00', '01', '02', '03', '01', '02'],
  ['devengado', '5.00', '153', '154', '155', '702', '703'],
  ['devengado', '7.50', '153', '154', '155', '702', '703'],
  ['devengado', '10.00', '04', '05', '06', '03', '04'],
  ['devengado', '21.00', '07', '08', '09', '05', '06'],
  ['recargo', '0.26', '168', '169', '170', '691', '692'],
  ['recargo', '0.62', '168', '169', '170', '691', '692'],
  ['recargo', '0.50', '16', '17', '18', '35', '36'],
  ['recargo', '1.40', '19', '20', '21', '599', '600'],
  ['recargo', '1.75', '156', '157', '158', '41', '42'],
  ['recargo', '5.20', '22', '23', '24', '601', '602'],
];

/** The rows of one side, each set of boxes once (the first rate that uses them). */
export const filasPorTipo = (lado: LadoTipo) =>
  CASILLAS_POR_TIPO.filter((f, i, todas) => f[0] === lado && todas.findIndex((g) => g[2] === f[2]) === i);

/** A stored rate as the forms write it: '5.20' → '5,2 %'. */
export const tipoEnTexto = (tipo: string) => `${String(Number(tipo)).replace('.', ',')} %`;
