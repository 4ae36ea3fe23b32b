import { filasPorTipo, type LadoTipo, tipoEnTexto } from './casillasPorTipo.ts';
import { ETIQUETAS_ANUALES } from './modelo390Etiquetas.ts';
import type { ModeloTributario } from './periodos.ts';

/** The boxes of each model as the official form groups and names them (the screen and the PDF lay them out so). */
export interface SeccionModelo {
  Titulo: string;
  Casillas: readonly (readonly [casilla: string, etiqueta: string])[];
}

/** The labelled 303 boxes of one side of `CASILLAS_POR_TIPO`: base, rate and quota per rate («al 5,2 %»). */
const porTipo = (lado: LadoTipo): [string, string][] =>
  filasPorTipo(lado).flatMap(([, tipo, b, t, c]) => [
    [b, `Base imponible al ${tipoEnTexto(tipo)}`],
    [t, 'Tipo %'],
    [c, `Cuota al ${tipoEnTexto(tipo)}`],
  ]);

/**
 * 303 page 04, "Información adicional · último periodo (exonerados de la declaración-resumen anual, modelo 390)":
 * the year's operations. Filled in 4T / 12 from the year's issued-invoice book; the boxes Faro's books cannot tell
 * apart (cash accounting, OSS, special regimes, real estate, investment goods sold) are 0.
 */
export const SECCION_303_ANUAL: SeccionModelo = {
  Titulo: 'Resumen anual · operaciones realizadas en el ejercicio (último periodo)',
  Casillas: [
    ['80', 'Operaciones en régimen general'],
    ['81', 'Operaciones en régimen especial del criterio de caja'],
    ['93', 'Entregas intracomunitarias de bienes y servicios'],
    ['94', 'Exportaciones y otras operaciones exentas con derecho a deducción'],
    ['83', 'Operaciones exentas sin derecho a deducción'],
    ['84', 'Operaciones no sujetas por reglas de localización o con inversión del sujeto pasivo'],
    ['125', 'Operaciones sujetas con inversión del sujeto pasivo'],
    ['126', 'OSS · operaciones no sujetas por reglas de localización'],
    ['127', 'OSS · operaciones sujetas'],
    ['128', 'Operaciones intragrupo (arts. 78 y 79 LIVA)'],
    ['86', 'Operaciones en régimen simplificado'],
    ['95', 'Operaciones en régimen especial de agricultura, ganadería y pesca'],
    ['96', 'Operaciones en régimen especial del recargo de equivalencia'],
    ['97', 'Régimen especial de bienes usados, objetos de arte, antigüedades y colección'],
    ['98', 'Régimen especial de agencias de viajes'],
    ['79', 'Entregas de bienes inmuebles, operaciones financieras y oro de inversión no habituales'],
    ['99', 'Entregas de bienes de inversión'],
    ['88', 'Total volumen de operaciones'],
  ],
};

/** 303 from 2026 (DR303e26): the payments on account of fuel deliveries after a tax warehouse (modelo 319). */
export const SECCION_303_2026: SeccionModelo = {
  Titulo: 'Pago a cuenta del modelo 319 (desde 2026)',
  Casillas: [['112', 'Pago a cuenta de entregas de gasolinas, gasóleos y biocarburantes (modelo 319)']],
};

export const SECCIONES_MODELO: Record<ModeloTributario, readonly SeccionModelo[]> = {
  '303': [
    {
      Titulo: 'IVA devengado · Régimen general',
      Casillas: [
        ...porTipo('devengado'),
        ['10', 'Adquisiciones intracomunitarias de bienes y servicios · base'],
        ['11', 'Adquisiciones intracomunitarias de bienes y servicios · cuota'],
        ['12', 'Otras operaciones con inversión del sujeto pasivo · base'],
        ['13', 'Otras operaciones con inversión del sujeto pasivo · cuota'],
        ['14', 'Modificación de bases (rectificativas)'],
        ['15', 'Modificación de cuotas (rectificativas)'],
      ],
    },
    {
      Titulo: 'Recargo de equivalencia',
      Casillas: [
        ...porTipo('recargo'),
        ['25', 'Modificación de bases del recargo'],
        ['26', 'Modificación de cuotas del recargo'],
        ['27', 'Total cuota devengada'],
      ],
    },
    {
      Titulo: 'IVA deducible',
      Casillas: [
        ['28', 'Operaciones interiores corrientes · base'],
        ['29', 'Operaciones interiores corrientes · cuota'],
        ['30', 'Operaciones interiores con bienes de inversión · base'],
        ['31', 'Operaciones interiores con bienes de inversión · cuota'],
        ['32', 'Importaciones de bienes corrientes · base'],
        ['33', 'Importaciones de bienes corrientes · cuota'],
        ['34', 'Importaciones de bienes de inversión · base'],
        ['35', 'Importaciones de bienes de inversión · cuota'],
        ['36', 'Adquisiciones intracomunitarias corrientes · base'],
        ['37', 'Adquisiciones intracomunitarias corrientes · cuota'],
        ['38', 'Adquisiciones intracomunitarias de bienes de inversión · base'],
        ['39', 'Adquisiciones intracomunitarias de bienes de inversión · cuota'],
        ['40', 'Rectificación de deducciones · base'],
        ['41', 'Rectificación de deducciones · cuota'],
        ['42', 'Compensaciones régimen especial agricultura, ganadería y pesca'],
        ['43', 'Regularización de bienes de inversión'],
        ['44', 'Regularización por aplicación del porcentaje definitivo de prorrata'],
        ['45', 'Total a deducir'],
        ['46', 'Resultado régimen general'],
      ],
    },
    {
      Titulo: 'Información adicional y resultado',
      Casillas: [
        ['59', 'Entregas intracomunitarias de bienes y servicios'],
        ['60', 'Exportaciones y operaciones asimiladas'],
        ['64', 'Suma de resultados'],
        ['65', '% atribuible a la Administración del Estado'],
        ['66', 'Atribuible a la Administración del Estado'],
        ['77', 'IVA a la importación liquidado por la Aduana pendiente de ingreso'],
        ['110', 'Cuotas a compensar pendientes de periodos anteriores'],
        ['78', 'Cuotas a compensar de periodos anteriores aplicadas en este periodo'],
        ['87', 'Cuotas a compensar pendientes para periodos posteriores'],
        ['68', 'Resultado de la regularización anual'],
        ['69', 'Resultado'],
        ['70', 'A deducir (autoliquidación anterior del mismo periodo)'],
        ['71', 'Resultado de la liquidación'],
      ],
    },
    SECCION_303_2026,
    SECCION_303_ANUAL,
  ],
  '130': [
    {
      Titulo: 'I. Actividades económicas en estimación directa (desde el 1 de enero)',
      Casillas: [
        ['01', 'Ingresos computables'],
        ['02', 'Gastos fiscalmente deducibles'],
        ['03', 'Rendimiento neto'],
        ['04', '20 % del rendimiento neto'],
        ['05', 'Pagos fraccionados de trimestres anteriores'],
        ['06', 'Retenciones e ingresos a cuenta soportados'],
        ['07', 'Pago fraccionado previo del trimestre'],
      ],
    },
    {
      Titulo: 'II. Actividades agrícolas, ganaderas, forestales y pesqueras',
      Casillas: [
        ['08', 'Volumen de ingresos del trimestre'],
        ['09', '2 % del volumen de ingresos'],
        ['10', 'Retenciones e ingresos a cuenta'],
        ['11', 'Pago fraccionado previo del trimestre'],
      ],
    },
    {
      Titulo: 'III. Total liquidación',
      Casillas: [
        ['12', 'Suma de pagos fraccionados previos'],
        ['13', 'Minoración por aplicación de la deducción del art. 110.3 c) RIRPF'],
        ['14', 'Diferencia'],
        ['15', 'Resultados negativos de trimestres anteriores'],
        ['16', 'Pago de préstamos para la adquisición o rehabilitación de la vivienda habitual'],
        ['17', 'Total'],
        ['18', 'Resultado a ingresar de autoliquidaciones anteriores del mismo ejercicio y periodo'],
        ['19', 'Resultado de la declaración'],
      ],
    },
  ],
  '111': [
    {
      Titulo: 'Rendimientos del trabajo (nóminas: se introducen a mano)',
      Casillas: [
        ['01', 'Dinerarios · nº de perceptores'],
        ['02', 'Dinerarios · importe de las percepciones'],
        ['03', 'Dinerarios · importe de las retenciones'],
        ['04', 'En especie · nº de perceptores'],
        ['05', 'En especie · valor de las percepciones'],
        ['06', 'En especie · ingresos a cuenta'],
      ],
    },
    {
      Titulo: 'Rendimientos de actividades económicas (facturas recibidas con IRPF)',
      Casillas: [
        ['07', 'Dinerarios · nº de perceptores'],
        ['08', 'Dinerarios · importe de las percepciones'],
        ['09', 'Dinerarios · importe de las retenciones'],
        ['10', 'En especie · nº de perceptores'],
        ['11', 'En especie · valor de las percepciones'],
        ['12', 'En especie · ingresos a cuenta'],
      ],
    },
    {
      Titulo: 'Total liquidación',
      Casillas: [
        ['28', 'Suma de retenciones e ingresos a cuenta'],
        ['29', 'Resultado a ingresar de autoliquidaciones anteriores del mismo periodo'],
        ['30', 'Resultado a ingresar'],
      ],
    },
  ],
  '115': [
    {
      Titulo: 'Retenciones e ingresos a cuenta · arrendamientos de inmuebles urbanos',
      Casillas: [
        ['01', 'Nº de perceptores'],
        ['02', 'Base de las retenciones'],
        ['03', 'Retenciones e ingresos a cuenta'],
        ['04', 'Resultado a ingresar de autoliquidaciones anteriores del mismo periodo'],
        ['05', 'Resultado a ingresar'],
      ],
    },
  ],
  '349': [
    {
      Titulo: 'Resumen de la declaración',
      Casillas: [
        ['01', 'Nº total de operadores intracomunitarios'],
        ['02', 'Importe de las operaciones intracomunitarias'],
        ['03', 'Nº total de operadores con rectificaciones'],
        ['04', 'Importe de las rectificaciones'],
      ],
    },
  ],
  '347': [
    {
      Titulo: 'Resumen de los datos incluidos en la declaración',
      Casillas: [
        ['01', 'Nº total de personas y entidades'],
        ['02', 'Importe total anual de las operaciones'],
        ['03', 'Nº total de inmuebles'],
        ['04', 'Importe total de las operaciones de arrendamiento de locales de negocio'],
      ],
    },
  ],
  ...ETIQUETAS_ANUALES.Secciones,
};

/** Boxes that are counts or rates, not euros. */
export const CASILLAS_NO_IMPORTE: Record<ModeloTributario, readonly string[]> = {
  '303': ['151', '166', '02', '154', '05', '08', '169', '17', '20', '157', '23', '65'],
  '130': [],
  '111': ['01', '04', '07', '10'],
  '115': ['01'],
  '349': ['01', '03'],
  '347': ['01', '03'],
  ...ETIQUETAS_ANUALES.NoImporte,
};

/** Boxes typed in by the user (the books do not hold them). */
export const CASILLAS_MANUALES: Record<ModeloTributario, readonly string[]> = {
  '303': ['42', '43', '44', '68', '77', '112'],
  '130': ['13', '16'],
  '111': ['01', '02', '03'],
  '115': [],
  '349': [],
  '347': [],
  ...ETIQUETAS_ANUALES.Manuales,
};
