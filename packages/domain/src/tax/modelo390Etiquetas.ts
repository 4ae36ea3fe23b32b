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
/** A group of boxes by rate: [base, quota] per rate, and the group's total pair. */
const porTipos = (que: string, tipos: readonly (readonly [string, string, string])[], total: [string, string]) => [
  ...tipos.flatMap(([b, c, t]) => par(b, c, `${que} al ${t}`)),
  ...par(total[0], total[1], `Total ${que.charAt(0).toLowerCase()}${que.slice(1)}`),
];

export const SECCIONES_390: readonly Seccion[] = [
  {
    Titulo: 'IVA devengado · Régimen ordinario',
    Casillas: [
      ...par('700', '701', 'Al 0 %'),
      ...par('667', '668', 'Al 2 %'),
      ...par('01', '02', 'Al 4 %'),
      ...par('702', '703', 'Al 5 %'),
      ...par('03', '04', 'Al 10 %'),
      ...par('05', '06', 'Al 21 %'),
    ],
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
      ...par('691', '692', 'Al 0,26 %'),
      ...par('35', '36', 'Al 0,5 %'),
      ...par('599', '600', 'Al 1,4 %'),
      ...par('41', '42', 'Al 1,75 %'),
      ...par('601', '602', 'Al 5,2 %'),
      ...par('43', '44', 'Modificación de bases y cuotas del recargo'),
      ['47', 'Total cuotas de IVA y recargo de equivalencia'],
    ],
  },
  {
    Titulo: 'IVA deducible · Operaciones interiores',
    Casillas: [
      ...porTipos(
        'Bienes y servicios corrientes',
        [
          ['190', '191', '4 %'],
          ['724', '725', '5 %'],
          ['603', '604', '10 %'],
          ['605', '606', '21 %'],
        ],
        ['48', '49'],
      ),
      ...porTipos(
        'Bienes de inversión',
        [
          ['196', '197', '4 %'],
          ['728', '729', '5 %'],
          ['611', '612', '10 %'],
          ['613', '614', '21 %'],
        ],
        ['50', '51'],
      ),
    ],
  },
  {
    Titulo: 'IVA deducible · Importaciones',
    Casillas: [
      ...porTipos(
        'Importaciones de bienes corrientes',
        [
          ['202', '203', '4 %'],
          ['732', '733', '5 %'],
          ['619', '620', '10 %'],
          ['621', '622', '21 %'],
        ],
        ['52', '53'],
      ),
      ...porTipos(
        'Importaciones de bienes de inversión',
        [
          ['208', '209', '4 %'],
          ['734', '735', '5 %'],
          ['623', '624', '10 %'],
          ['625', '626', '21 %'],
        ],
        ['54', '55'],
      ),
    ],
  },
  {
    Titulo: 'IVA deducible · Adquisiciones intracomunitarias',
    Casillas: [
      ...porTipos(
        'Adquisiciones de bienes corrientes',
        [
          ['214', '215', '4 %'],
          ['736', '737', '5 %'],
          ['627', '628', '10 %'],
          ['629', '630', '21 %'],
        ],
        ['56', '57'],
      ),
      ...porTipos(
        'Adquisiciones de bienes de inversión',
        [
          ['220', '221', '4 %'],
          ['738', '739', '5 %'],
          ['631', '632', '10 %'],
          ['633', '634', '21 %'],
        ],
        ['58', '59'],
      ),
      ...porTipos(
        'Adquisiciones de servicios',
        [
          ['587', '588', '4 %'],
          ['740', '741', '5 %'],
          ['635', '636', '10 %'],
          ['637', '638', '21 %'],
        ],
        ['597', '598'],
      ),
    ],
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
