import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { VersionUbl } from '@faro/domain';
import { validateXML } from 'xmllint-wasm';

/**
 * The two checks a UBL e-invoice passes before it leaves Faro:
 * - the OASIS UBL 2.1 / 2.5 schemas (libxml2 as WebAssembly, `xmllint-wasm`), read from ../shared/schemas beside
 *   the repository (FARO_UBL_SCHEMAS overrides the folder holding ubl-2.1/ and ubl-2.5/);
 * - the CEN EN 16931 business and calculation rules: the official XSLT (FARO_EN16931_SCHEMAS, default
 *   ../shared/schemas/en16931) compiled once by `xslt3` to a SEF file and run by `saxon-js`. The compiled file is
 *   cached (FARO_EN16931_SEF, default .tmp/en16931/ in the repository, git-ignored): `npm test` makes it first
 *   (`efactura/prepararSef.ts`), and whoever needs it and finds none compiles it once (about a minute).
 */
const RAIZ = fileURLToPath(new URL('../../../../../', import.meta.url));
const ESQUEMAS = process.env.FARO_UBL_SCHEMAS ?? path.join(RAIZ, '../shared/schemas');
/** The CEN artefacts: the XSLT and its examples/. */
export const DIRECTORIO_EN16931 = process.env.FARO_EN16931_SCHEMAS ?? path.join(ESQUEMAS, 'en16931');
const XSLT_EN16931 = path.join(DIRECTORIO_EN16931, 'EN16931-UBL-validation.xslt');
export const FICHERO_SEF =
  process.env.FARO_EN16931_SEF ?? path.join(RAIZ, '.tmp/en16931/EN16931-UBL-validation.sef.json');

/** One failed rule of the EN 16931 validation (SVRL `failed-assert`). */
export interface ReglaFallida {
  id: string;
  /** fatal (an error) or warning. */
  flag: string;
  /** Where in the document (XPath). */
  donde: string;
  /** The rule's own text (English, as published). */
  texto: string;
}

let compilando: Promise<string> | null = null;

/** The cached SEF is current: present and not older than the XSLT (a new CEN release is compiled again). */
const sefAlDia = () => existsSync(FICHERO_SEF) && statSync(FICHERO_SEF).mtimeMs >= statSync(XSLT_EN16931).mtimeMs;

/** The compiled SEF file's path, compiling it first when it is missing or stale (once per process). */
export function asegurarSef(): Promise<string> {
  if (sefAlDia()) return Promise.resolve(FICHERO_SEF);
  compilando ??= (async () => {
    mkdirSync(path.dirname(FICHERO_SEF), { recursive: true });
    // Written beside and renamed: a reader (another test worker) never sees half a file.
    const parcial = `${FICHERO_SEF}.${process.pid}.tmp`;
    const xslt3 = createRequire(import.meta.url).resolve('xslt3/xslt3.js');
    await promisify(execFile)(process.execPath, [xslt3, `-xsl:${XSLT_EN16931}`, `-export:${parcial}`, '-nogo'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    renameSync(parcial, FICHERO_SEF);
    return FICHERO_SEF;
  })().finally(() => {
    compilando = null;
  });
  return compilando;
}

let hoja: Promise<unknown> | null = null;
const cargarHoja = () => {
  hoja ??= asegurarSef().then(async (f) => JSON.parse(await readFile(f, 'utf8')));
  return hoja;
};

/** One attribute of an XML start tag as written in the text (the five predefined entities decoded). */
export const atributo = (etiqueta: string, nombre: string) =>
  new RegExp(`\\s${nombre}="([^"]*)"`)
    .exec(etiqueta)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&') ?? '';

/** A rule whose context matched a node (SVRL `fired-rule`): all its asserts were evaluated there. */
export interface ReglaDisparada {
  /** The Schematron pattern (UBL-model, UBL-syntax, Codesmodel): one context can appear in several. */
  patron: string;
  contexto: string;
}

/** Every failed rule (fatal and warnings) of one UBL document. */
export async function validarEn16931(xml: string): Promise<ReglaFallida[]> {
  return (await evaluarEn16931(xml)).fallos;
}

/** The failed rules and, beside them, every rule that fired (in SVRL order, repeated once per matched node). */
export async function evaluarEn16931(xml: string): Promise<{ fallos: ReglaFallida[]; disparadas: ReglaDisparada[] }> {
  const [{ default: SaxonJS }, sef] = await Promise.all([import('saxon-js'), cargarHoja()]);
  const { principalResult: svrl } = await SaxonJS.transform(
    { stylesheetInternal: sef, sourceText: xml, destination: 'serialized' },
    'async',
  );
  const fallos: ReglaFallida[] = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const etiqueta = m[1] ?? '';
    const texto = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2] ?? '')?.[1]?.trim() ?? '';
    fallos.push({
      id: atributo(etiqueta, 'id'),
      flag: atributo(etiqueta, 'flag'),
      donde: atributo(etiqueta, 'location'),
      texto,
    });
  }
  // The SVRL lists each pattern (active-pattern) and then the rules that fired in it.
  const disparadas: ReglaDisparada[] = [];
  let patron = '';
  for (const m of svrl.matchAll(/<svrl:(active-pattern|fired-rule)\b([^>]*)>/g)) {
    if (m[1] === 'active-pattern') patron = atributo(m[2] ?? '', 'id');
    else disparadas.push({ patron, contexto: atributo(m[2] ?? '', 'context') });
  }
  return { fallos, disparadas };
}

/** The fatal ones: what makes the document invalid. */
export const fatales = (fallos: readonly ReglaFallida[]) => fallos.filter((f) => f.flag === 'fatal');

const comunes = new Map<VersionUbl, { fileName: string; contents: string }[]>();
const plano = (s: string) => s.replace(/schemaLocation="\.\.\/common\//g, 'schemaLocation="');
function esquemasComunes(version: VersionUbl) {
  let lista = comunes.get(version);
  if (!lista) {
    const dir = path.join(ESQUEMAS, `ubl-${version}`, 'common');
    lista = readdirSync(dir)
      .filter((f) => f.endsWith('.xsd'))
      .map((f) => ({ fileName: f, contents: readFileSync(path.join(dir, f), 'utf8') }));
    comunes.set(version, lista);
  }
  return lista;
}

/**
 * The UBL schema's error messages for documents of one kind (empty when all are valid); several documents go
 * through one libxml2 start.
 */
export async function validarXsdUbl(
  xml: string | string[],
  raiz: 'Invoice' | 'CreditNote',
  version: VersionUbl = '2.1',
): Promise<string[]> {
  const fichero = `UBL-${raiz}-${version}.xsd`;
  const lista = Array.isArray(xml) ? xml : [xml];
  const r = await validateXML({
    xml: lista.map((contents, i) => ({ fileName: `ubl-${i + 1}.xml`, contents })),
    schema: [
      {
        fileName: fichero,
        contents: plano(readFileSync(path.join(ESQUEMAS, `ubl-${version}`, 'maindoc', fichero), 'utf8')),
      },
    ],
    preload: esquemasComunes(version),
    maxMemoryPages: 4096,
  });
  return r.valid ? [] : r.errors.map((e) => `${e.loc?.fileName ?? ''} ${e.message}`.trim());
}

/** The root element of a UBL document (Invoice or CreditNote). */
export function raizUbl(xml: string): 'Invoice' | 'CreditNote' {
  return /<CreditNote[\s>]/.test(xml) ? 'CreditNote' : 'Invoice';
}
