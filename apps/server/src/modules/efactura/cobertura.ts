import { readFileSync } from 'node:fs';
import path from 'node:path';
import { atributo, DIRECTORIO_EN16931, evaluarEn16931, type ReglaDisparada } from './validador.ts';

/**
 * Which EN 16931 rules a set of UBL documents exercises. SVRL names only the rules that fired (their context) and the
 * asserts that failed, so the Schematron source says which asserts each fired rule evaluated. "Evaluated" means the
 * assert's test ran on at least one node; an assert that passed trivially (some are `true()`) still counts.
 */
export const SCHEMATRON_EN16931 = path.join(DIRECTORIO_EN16931, 'EN16931-UBL-validation-preprocessed.sch');

/** One assert of the Schematron: its id (BR-01, BR-CO-10, UBL-CR-001…) and flag (fatal or warning). */
export interface Aserto {
  id: string;
  flag: string;
}

const clave = (patron: string, contexto: string) => `${patron}\u0000${contexto}`;

/** Each rule of the Schematron (pattern + context) with its asserts; a rule's flag is its asserts' default. */
export function reglasDelSchematron(sch: string): Map<string, Aserto[]> {
  const reglas = new Map<string, Aserto[]>();
  for (const p of sch.matchAll(/<pattern\b([^>]*)>([\s\S]*?)<\/pattern>/g)) {
    const patron = atributo(p[1] ?? '', 'id');
    for (const r of (p[2] ?? '').matchAll(/<rule\b([^>]*)>([\s\S]*?)<\/rule>/g)) {
      const flagRegla = atributo(r[1] ?? '', 'flag');
      const asertos = [...(r[2] ?? '').matchAll(/<assert\b([^>]*)>/g)].map((a) => ({
        id: atributo(a[1] ?? '', 'id'),
        flag: atributo(a[1] ?? '', 'flag') || flagRegla,
      }));
      const k = clave(patron, atributo(r[1] ?? '', 'context'));
      reglas.set(k, [...(reglas.get(k) ?? []), ...asertos]);
    }
  }
  return reglas;
}

/** The family of an assert id: BR-CO-10 → BR-CO, UBL-CR-001 → UBL-CR, BR-01 → BR. */
export const familia = (id: string) => id.replace(/-\d+[a-z]?$/, '');

/**
 * The rule on the document root fires for every document: some of its asserts are whole-document checks (BR-01,
 * BR-CO-15), others hold vacuously when the document has nothing they speak of (BR-S-01…04 without a standard-rated
 * line, BR-B-*, every UBL-CR-*); the report marks the ids evaluated only there.
 */
export const RAIZ = '/ubl:Invoice | /cn:CreditNote';

/**
 * The asserts evaluated by the rules that fired (`soloRaiz` false: only those of rules other than the root's); a
 * fired rule the Schematron does not know is an error.
 */
export function asertosEvaluados(
  reglas: Map<string, Aserto[]>,
  disparadas: readonly ReglaDisparada[],
  soloRaiz = true,
): Set<string> {
  const ids = new Set<string>();
  for (const d of disparadas) {
    if (!soloRaiz && d.contexto === RAIZ) continue;
    const asertos = reglas.get(clave(d.patron, d.contexto));
    if (!asertos) throw new Error(`Regla disparada que el Schematron no contiene: ${d.patron} ${d.contexto}`);
    for (const a of asertos) ids.add(a.id);
  }
  return ids;
}

/** The coverage of some documents: evaluated assert ids, and the fatal asserts that failed (id per document). */
export interface Cobertura {
  evaluados: Set<string>;
  /** Those evaluated by a rule other than the root's: on a node the document does have. */
  enNodo: Set<string>;
  fatalesFallidos: string[];
  /** Every assert id of the Schematron, in its order. */
  todos: string[];
}

/** Validates every document and gathers what it exercised. */
export async function coberturaEn16931(xmls: readonly string[], sch = readFileSync(SCHEMATRON_EN16931, 'utf8')) {
  const reglas = reglasDelSchematron(sch);
  const cobertura: Cobertura = {
    evaluados: new Set(),
    enNodo: new Set(),
    fatalesFallidos: [],
    todos: [...new Set([...reglas.values()].flat().map((a) => a.id))],
  };
  for (const xml of xmls) {
    const { fallos, disparadas } = await evaluarEn16931(xml);
    for (const id of asertosEvaluados(reglas, disparadas)) cobertura.evaluados.add(id);
    for (const id of asertosEvaluados(reglas, disparadas, false)) cobertura.enNodo.add(id);
    cobertura.fatalesFallidos.push(...fallos.filter((f) => f.flag === 'fatal').map((f) => f.id));
  }
  return cobertura;
}

/**
 * One line per family: `BR-CO  12/23  BR-CO-10 BR-CO-11 …`, families in the Schematron's order; an id evaluated only
 * by the root rule carries a `*`.
 */
export function informeCobertura(c: Cobertura): string {
  const porFamilia = new Map<string, { evaluados: string[]; total: number }>();
  for (const id of c.todos) {
    const f = porFamilia.get(familia(id)) ?? { evaluados: [], total: 0 };
    f.total++;
    if (c.evaluados.has(id)) f.evaluados.push(c.enNodo.has(id) ? id : `${id}*`);
    porFamilia.set(familia(id), f);
  }
  const ancho = Math.max(...[...porFamilia.keys()].map((k) => k.length));
  const lineas = [...porFamilia].map(([k, f]) =>
    `${k.padEnd(ancho)}  ${`${f.evaluados.length}/${f.total}`.padStart(7)}  ${f.evaluados.join(' ')}`.trimEnd(),
  );
  const total = `${c.evaluados.size}/${c.todos.length}`;
  return [...lineas, `${'Total'.padEnd(ancho)}  ${total.padStart(7)}`].join('\n');
}
