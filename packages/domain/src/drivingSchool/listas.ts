import { CLASES_PERMISO, TIPOS_EXAMEN } from '../entities/autoescuela.ts';
import { enumOptions } from '../fields/enumOptions.ts';
import { PROVINCIAS } from '../reference/provincias.ts';
import { PAISES } from './paises.ts';

/*
 * The driving school's reference lists (spec section 3: licence classes, exam kinds, languages, traffic offices,
 * nationalities, countries, street types), served by `GET /api/formacion/listas/:nombre` and used by the screens.
 */

export interface ElementoLista {
  value: string;
  label: string;
}

/** Languages of the DGT theory test (the test is offered in the co-official languages and in English, French, German). */
export const IDIOMAS_EXAMEN: ElementoLista[] = [
  ...enumOptions({
    es: 'Castellano',
    ca: 'Catalán',
    gl: 'Gallego',
    eu: 'Euskera',
    en: 'Inglés',
    fr: 'Francés',
    de: 'Alemán',
  }),
];

/** Short name of a province as its traffic office is known ('Valencia/València' → 'Valencia'). */
const CORTO: Record<string, string> = {
  '01': 'Álava',
  '03': 'Alicante',
  '07': 'Illes Balears',
  '12': 'Castellón',
  '46': 'Valencia',
};
const LOCALES = ['Cartagena', 'Gijón', 'Jerez de la Frontera', 'Vigo'];

/**
 * The DGT's traffic offices where exams are held: one provincial office per province (Ceuta and Melilla are local
 * offices) and the local offices of Cartagena, Gijón, Jerez de la Frontera and Vigo. The value is the office's
 * name as the school writes it on its exam rows ('Valencia').
 */
export const JEFATURAS_TRAFICO: ElementoLista[] = [
  ...PROVINCIAS.map((p) => {
    const nombre = CORTO[p.value] ?? p.label;
    const local = p.value === '51' || p.value === '52';
    return { value: nombre, label: `${nombre} (Jefatura ${local ? 'Local' : 'Provincial'})` };
  }),
  ...LOCALES.map((n) => ({ value: n, label: `${n} (Jefatura Local)` })),
].sort((a, b) => a.value.localeCompare(b.value, 'es'));

export const LISTA_PAISES: ElementoLista[] = PAISES.map(([value, label]) => ({ value, label }));

/** The nationalities most frequent among the learners of a Spanish school; the others read "de <país>". */
const GENTILICIOS: Record<string, string> = {
  ES: 'Española',
  MA: 'Marroquí',
  RO: 'Rumana',
  CO: 'Colombiana',
  VE: 'Venezolana',
  EC: 'Ecuatoriana',
  PE: 'Peruana',
  AR: 'Argentina',
  BO: 'Boliviana',
  PY: 'Paraguaya',
  UY: 'Uruguaya',
  CL: 'Chilena',
  CU: 'Cubana',
  DO: 'Dominicana',
  HN: 'Hondureña',
  MX: 'Mexicana',
  BR: 'Brasileña',
  GB: 'Británica',
  IE: 'Irlandesa',
  IT: 'Italiana',
  FR: 'Francesa',
  DE: 'Alemana',
  PT: 'Portuguesa',
  NL: 'Neerlandesa',
  BE: 'Belga',
  PL: 'Polaca',
  BG: 'Búlgara',
  UA: 'Ucraniana',
  RU: 'Rusa',
  CN: 'China',
  PK: 'Pakistaní',
  IN: 'India',
  SN: 'Senegalesa',
  DZ: 'Argelina',
  NG: 'Nigeriana',
  US: 'Estadounidense',
};
export const NACIONALIDADES: ElementoLista[] = PAISES.map(([value, pais]) => ({
  value,
  label: GENTILICIOS[value] ?? `De ${pais}`,
})).sort((a, b) => (a.value === 'ES' ? -1 : b.value === 'ES' ? 1 : a.label.localeCompare(b.label, 'es')));

/** Street types with the abbreviations of the Cadastre and the INE street map. */
export const TIPOS_VIA: ElementoLista[] = (
  [
    ['AL', 'Alameda'],
    ['AU', 'Autovía'],
    ['AP', 'Autopista'],
    ['AV', 'Avenida'],
    ['BO', 'Barrio'],
    ['BV', 'Bulevar'],
    ['CJ', 'Callejón'],
    ['CL', 'Calle'],
    ['CM', 'Camino'],
    ['CR', 'Carretera'],
    ['CA', 'Carrera'],
    ['CO', 'Colonia'],
    ['CS', 'Costanilla'],
    ['CT', 'Cuesta'],
    ['DS', 'Diseminado'],
    ['ES', 'Escalinata'],
    ['GL', 'Glorieta'],
    ['LG', 'Lugar'],
    ['PD', 'Partida'],
    ['PJ', 'Pasaje'],
    ['PS', 'Paseo'],
    ['PQ', 'Parque'],
    ['PG', 'Polígono'],
    ['PZ', 'Plaza'],
    ['PR', 'Prolongación'],
    ['RB', 'Rambla'],
    ['RD', 'Ronda'],
    ['RU', 'Rúa'],
    ['SD', 'Senda'],
    ['SC', 'Sector'],
    ['SU', 'Subida'],
    ['TR', 'Travesía'],
    ['UR', 'Urbanización'],
    ['VI', 'Vía'],
  ] as const
).map(([value, label]) => ({ value, label }));

/** Licence groups (spec section 9): A, A1/A2, ADR, CAP, RPV and the others. */
export const GRUPOS_PERMISO: ElementoLista[] = [
  ...enumOptions({ A: 'A', 'A1/A2': 'A1/A2', ADR: 'ADR', CAP: 'CAP', RPV: 'RPV', otros: 'Otros' }),
];

/** The group of a licence class or course of `CLASES_PERMISO` ('A2-A', the step from A2 to A, is group A). */
export function grupoPermiso(clase: string): string {
  if (clase === 'A' || clase === 'A2-A') return 'A';
  if (clase === 'A1' || clase === 'A2') return 'A1/A2';
  if (clase === 'ADR' || clase === 'CAP' || clase === 'RPV') return clase;
  return 'otros';
}

/** Every list by the name of its route (`/api/formacion/listas/:nombre`) and its title. */
export const LISTAS_AUTOESCUELA = {
  permisos: { titulo: 'Clases de permiso', items: CLASES_PERMISO as ElementoLista[] },
  grupospermiso: { titulo: 'Grupos de permiso', items: GRUPOS_PERMISO },
  tiposexamen: { titulo: 'Tipos de examen', items: TIPOS_EXAMEN as ElementoLista[] },
  idiomas: { titulo: 'Idiomas del examen', items: IDIOMAS_EXAMEN },
  jefaturas: { titulo: 'Jefaturas de Tráfico', items: JEFATURAS_TRAFICO },
  nacionalidades: { titulo: 'Nacionalidades', items: NACIONALIDADES },
  paises: { titulo: 'Países', items: LISTA_PAISES },
  tiposvia: { titulo: 'Tipos de vía', items: TIPOS_VIA },
} as const satisfies Record<string, { titulo: string; items: ElementoLista[] }>;
export type NombreLista = keyof typeof LISTAS_AUTOESCUELA;
