import { filasPorTipo, type LadoTipo, tipoEnTexto } from './casillasPorTipo.ts';

/**
 * The boxes of the annual summaries 390, 190 and 180 as their forms group and name them (etiquetas.ts spreads them
 * into SECCIONES_MODELO, so the screen, the PDF and the box list read one table). Only the boxes Faro's books can
 * fill are listed: the special regimes, cash accounting, intra-group operations and the foral shares of the 390
 * are written as 0 in its file (modelo390Fichero.ts) and not shown.
 */
type Seccion = { Titulo: string; Casillas: readonly (readonly [casilla: string, etiqueta: string])[] };

const par = (b: string, c: string, que: string): [string, string][] => [
  [b, `${que} · base imponible`],
  [c, `${que} · cuota`],
];
/** The 390 boxes of one side of `CASILLAS_POR_TIPO`, a [base, quota] pair per rate («Al 5,2 %»). */
const porTipo = (lado: LadoTipo) =>
  filasPorTipo(lado).flatMap(([, tipo, , , , b, c]) => par(b, c, `Al ${tipoEnTexto(tipo)}`));

/** A group of deductible VAT rows on the 390 (see `DEDUCIBLE_POR_TIPO`). */
export interface GrupoDeducible {
  /** The 303 pair the group's rows add up to. */
  de: readonly [string, string];
  /** Intra-EU acquisitions: goods (false) or services (true); absent for the other groups. */
  servicio?: boolean;
  /** [base, cuota] per rate of `TIPOS_DEDUCIBLE`, in that order. */
  cajas: readonly string[];
  que: string;
  total: readonly [string, string];
}

export const TIPOS_DEDUCIBLE = ['4.00', '5.00', '10.00', '21.00'] as const;

/**
 * The 390's deductible VAT by rate: per group of received rows, the 303 pair it comes from, its boxes rate by rate,
 * the name the form gives it and its total pair (modelo390.ts fills them, the sections below name them).
 */
// biome-ignore format: a table reads one row a line
export const DEDUCIBLE_POR_TIPO: readonly GrupoDeducible[] = [
  { de: ['28', '29'], cajas: ['190', '191', '724', '725', '603', '604', '605', '606'], que: 'Bienes y servicios corrientes', total: ['48', '49'] },
  { de: ['30', '31'], cajas: ['196', '197', '728', '729', '611', '612', '613', '614'], que: 'Bienes de inversión', total: ['50', '51'] },
  { de: ['32', '33'], cajas: ['202', '203', '732', '733', '619', '620', '621', '622'], que: 'Importaciones de bienes corrientes', total: ['52', '53'] },
  { de: ['34', '35'], cajas: ['208', '209', '734', '735', '623', '624', '625', '626'], que: 'Importaciones de bienes de inversión', total: ['54', '55'] },
  { de: ['36', '37'], servicio: false, cajas: ['214', '215', '736', '737', '627', '628', '629', '630'], que: 'Adquisiciones de bienes corrientes', total: ['56', '57'] },
  { de: ['36', '37'], servicio: true, cajas: ['587', '588', '740', '741', '635', '636', '637', '638'], que: 'Adquisiciones de servicios', total: ['597', '598'] },
  { de: ['38', '39'], cajas: ['220', '221', '738', '739', '631', '632', '633', '634'], que: 'Adquisiciones de bienes de inversión', total: ['58', '59'] },
];

/** The boxes of a deductible group: [base, quota] per rate, and the group's total pair. */
const porTipos = (b303: string, servicio?: boolean) => {
  const g = DEDUCIBLE_POR_TIPO.find((x) => x.de[0] === b303 && x.servicio === servicio)!;
  return [
    ...TIPOS_DEDUCIBLE.flatMap((t, i) => par(g.cajas[2 * i]!, g.cajas[2 * i + 1]!, `${g.que} al ${tipoEnTexto(t)}`)),
    ...par(g.total[0], g.total[1], `Total ${g.que.charAt(0).toLowerCase()}${g.que.slice(1)}`),
  ];
};

export const SECCIONES_390: readonly Seccion[] = [
  {
    Titulo: 'IVA devengado · Régimen ordinario',
    Casillas: [...porTipo('devengado')],
  },
  {
    Titulo: 'IVA devengado · Adquisiciones intracomunitarias, inversión del sujeto pasivo y modificaciones',
    Casillas: [
      ...par('716', '717', 'Adquisiciones intracomunitarias de bienes al 0 %'),
      ...par('21', '22', 'Adquisiciones intracomunitarias de bienes al 4 %'),
      ...par('23', '24', 'Adquisiciones intracomunitarias de bienes al 10 %'),
      ...par('25', '26', 'Adquisiciones intracomunitarias de bienes al 21 %'),
      ...par('720', '721', 'Adquisiciones intracomunitarias de servicios al 0 %'),
      ...par('545', '546', 'Adquisiciones intracomunitarias de servicios al 4 %'),
      ...par('547', '548', 'Adquisiciones intracomunitarias de servicios al 10 %'),
      ...par('551', '552', 'Adquisiciones intracomunitarias de servicios al 21 %'),
      ...par('27', '28', 'IVA devengado por inversión del sujeto pasivo'),
      ...par('29', '30', 'Modificación de bases y cuotas'),
      ...par('33', '34', 'Total bases y cuotas de IVA'),
    ],
  },
  {
    Titulo: 'Recargo de equivalencia',
    Casillas: [
      ...porTipo('recargo'),
      ...par('43', '44', 'Modificación de bases y cuotas del recargo'),
      ['47', 'Total cuotas de IVA y recargo de equivalencia'],
    ],
  },
  {
    Titulo: 'IVA deducible · Operaciones interiores',
    Casillas: [...porTipos('28'), ...porTipos('30')],
  },
  {
    Titulo: 'IVA deducible · Importaciones',
    Casillas: [...porTipos('32'), ...porTipos('34')],
  },
  {
    Titulo: 'IVA deducible · Adquisiciones intracomunitarias',
    Casillas: [...porTipos('36', false), ...porTipos('38'), ...porTipos('36', true)],
  },
  {
    Titulo: 'IVA deducible · Otras deducciones y resultado',
    Casillas: [
      ['61', 'Compensaciones del régimen especial de agricultura, ganadería y pesca'],
      ...par('639', '62', 'Rectificación de deducciones'),
      ['63', 'Regularización de bienes de inversión'],
      ['522', 'Regularización por aplicación del porcentaje definitivo de prorrata'],
      ['64', 'Suma de deducciones'],
      ['65', 'Resultado del régimen general'],
    ],
  },
  {
    Titulo: 'Resultado de la liquidación anual',
    Casillas: [
      ['84', 'Suma de resultados'],
      ['659', 'IVA a la importación liquidado por la Aduana pendiente de ingreso'],
      ['85', 'Compensación de cuotas del ejercicio anterior'],
      ['86', 'Resultado de la liquidación'],
    ],
  },
  {
    Titulo: 'Resultado de las autoliquidaciones del ejercicio (modelos 303)',
    Casillas: [
      ['95', 'Total de resultados a ingresar en las autoliquidaciones del ejercicio'],
      ['97', 'Resultado del último periodo a compensar'],
      ['98', 'Resultado del último periodo a devolver'],
      ['662', 'Cuotas pendientes de compensación al término del ejercicio'],
    ],
  },
  {
    Titulo: 'Volumen de operaciones',
    Casillas: [
      ['99', 'Operaciones en régimen general'],
      ['103', 'Entregas intracomunitarias de bienes y servicios'],
      ['104', 'Exportaciones y otras operaciones exentas con derecho a deducción'],
      ['105', 'Operaciones exentas sin derecho a deducción'],
      ['108', 'Total volumen de operaciones'],
    ],
  },
];

/** 190 and 180: the declarant's summary (their type-1 record). */
export const SECCIONES_190: readonly Seccion[] = [
  {
    Titulo: 'Resumen de la declaración · rendimientos de actividades profesionales (facturas recibidas con IRPF)',
    Casillas: [
      ['01', 'Nº total de perceptores'],
      ['02', 'Importe total de las percepciones'],
      ['03', 'Importe total de las retenciones e ingresos a cuenta'],
    ],
  },
];
export const SECCIONES_180: readonly Seccion[] = [
  {
    Titulo: 'Resumen de la declaración · arrendamientos de inmuebles urbanos (facturas recibidas con IRPF)',
    Casillas: [
      ['01', 'Nº total de perceptores'],
      ['02', 'Base de las retenciones e ingresos a cuenta'],
      ['03', 'Retenciones e ingresos a cuenta'],
    ],
  },
];

/** What etiquetas.ts spreads into its three tables for the annual summaries. */
export const ETIQUETAS_ANUALES = {
  Secciones: { '390': SECCIONES_390, '190': SECCIONES_190, '180': SECCIONES_180 },
  NoImporte: { '390': [], '190': ['01'], '180': ['01'] },
  Manuales: { '390': [], '190': [], '180': [] },
} as const;

const casillas = (ss: readonly Seccion[]) => ss.flatMap((s) => s.Casillas.map(([k]) => k));
export const CASILLAS_390 = casillas(SECCIONES_390);
export const CASILLAS_190 = casillas(SECCIONES_190);
export const CASILLAS_180 = casillas(SECCIONES_180);
