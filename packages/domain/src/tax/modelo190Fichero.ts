import { an, base2, type Declarante, importeSigno, num, type Registro, tipo1 } from './fichero.ts';
import type { Perceptor, ResultadoPerceptores } from './modelo190.ts';
import { cents } from './modelos.ts';
import type { Periodo } from './periodos.ts';

/**
 * The 190 and 180 files: the declarant's type-1 record and one type-2 record per perceptor, 500 positions each,
 * CRLF after each, ISO-8859-1 (compliance-es.md §4.6–§4.7 for the common type-1 head, `tipo1` / `base2`).
 * Sources (the AEAT designs as transcribed in OCA l10n-spain's export configs, not the AEAT's PDFs):
 * - 190: `l10n_es_aeat_mod190/data/2025/aeat.model.export.config.line.csv` ("Mod. 190 2025", the design of the
 *   2024 exercise onwards, DR190_2024.pdf in the same module). Type 1: 136 perceptors (9), 145 sign + 146–160
 *   perceptions (13 + 2), 161–175 withholdings (13 + 2), 176–225 e-mail, 488–500 stamp. Type 2: 18 NIF, 27
 *   representative, 36 name (40), 76 province (2), 78 key, 79 subkey (2), 81 sign, 82–94 perception (11 + 2),
 *   95–107 withholding, 108–147 in kind (sign, value, payments on account: 0), 148 year accrued (0000 = this one),
 *   152 Ceuta/Melilla (0), 153–254 personal data of keys A/B/C (zeros, the spouse's NIF at 158 blank: key G), 255–321 incapacity (sign
 *   blank, 0), 322–387 child-care supplement (0), 388–394 flags (0), 395–500 blanks.
 * - 180: `l10n_es_aeat_mod180/data/aeat_export_mod180_data.xml` (type 1, design in force since 2016) and
 *   `aeat_mod180_export_line_config.csv` (type 2). Type 1: 136 perceptors (9), 145 sign, 146–160 base (13 + 2),
 *   161–175 withholdings (13 + 2). Type 2: 18 NIF, 27 representative, 36 name, 76 province, 78 modality (1 =
 *   money), 79 sign, 80–92 base (11 + 2), 93–96 rate (2 + 2), 97–109 withholding (11 + 2), 110 year accrued (0000),
 *   114 property situation (3 = without cadastral reference: Faro stores none), 115–134 cadastral reference,
 *   135–327 the property's address (blank; 316 municipality code 00000), 328–500 blanks.
 * Uncertain (not checked against the AEAT's text): the zeros in 190's personal-data block for key G records, 180's
 * situation code without a reference, and 180's C / S markers at 121/122 (OCA writes X there).
 */
const importe = (c: number, n: number) => num(Math.abs(c), n);
const signo = (c: number) => (c < 0 ? 'N' : ' ');

/** The perceptor's head both designs share: NIF at 18, name at 36, province at 76. */
const perceptor = (m: '190' | '180', x: Perceptor, p: Periodo, d: Declarante): Registro =>
  base2(m, p, d).put(18, an(x.NIF, 9)).put(36, an(x.Nombre, 40)).put(76, num(x.Provincia, 2));

function tipo2_190(x: Perceptor, p: Periodo, d: Declarante): Registro {
  const [base, ret] = [cents(x.Importe), cents(x.Retencion)];
  return perceptor('190', x, p, d)
    .put(78, x.Clave)
    .put(79, num(x.Subclave, 2))
    .put(81, signo(base))
    .put(82, importe(base, 13))
    .put(95, importe(ret, 13))
    .put(108, ` ${'0'.repeat(39)}`)
    .put(148, '00000')
    .put(153, '00000')
    .put(167, '0'.repeat(88))
    .put(255, ` ${'0'.repeat(26)} ${'0'.repeat(105)}`)
    .put(388, '0'.repeat(7));
}

function tipo2_180(x: Perceptor, p: Periodo, d: Declarante): Registro {
  const [base, ret] = [cents(x.Importe), cents(x.Retencion)];
  return perceptor('180', x, p, d)
    .put(78, '1')
    .put(79, signo(base))
    .put(80, importe(base, 13))
    .put(93, num(cents(x.Porcentaje), 4))
    .put(97, importe(ret, 13))
    .put(110, '0000')
    .put(114, x.Referencia ? '1' : '3')
    .put(115, an(x.Referencia ?? '', 20))
    .put(316, '00000');
}

/** 190 / 180 (ISO-8859-1 text): type 1 with the totals, a type 2 per perceptor. */
export function ficheroPerceptores(r: ResultadoPerceptores, p: Periodo, d: Declarante): string {
  const m = r.Modelo;
  if (m !== '190' && m !== '180') throw new Error(`El modelo ${m} no es el 190 ni el 180`);
  const c = r.Casillas;
  const [base, ret] = [cents(c['02']), cents(c['03'])];
  const t1 = tipo1(m, p, d)
    .put(136, num(c['01'] ?? '0', 9))
    .put(145, importeSigno(base, 16))
    .put(161, importe(ret, 15));
  const lineas = [t1.toString()];
  for (const x of r.Declarados) lineas.push((m === '190' ? tipo2_190 : tipo2_180)(x, p, d).toString());
  return `${lineas.join('\r\n')}\r\n`;
}
