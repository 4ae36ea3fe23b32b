import { readFileSync } from 'node:fs';
import { facturaUbl } from '@faro/domain';
import { beforeAll, expect, it } from 'vitest';
import { CASOS_FACTURA } from '../../../../../packages/domain/src/efactura/efactura.testkit.ts';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import {
  asertosEvaluados,
  coberturaEn16931,
  informeCobertura,
  reglasDelSchematron,
  SCHEMATRON_EN16931,
} from './cobertura.ts';
import { facturasEmitidas, pedirUblDeTodas } from './efactura.testkit.ts';
import { asegurarSef } from './validador.ts';

/**
 * Which EN 16931 rules Faro's e-invoices exercise: the UBL of every issued invoice of the demo data (the documents
 * efacturaDemo.pglite-only.test.ts checks) and of every tax case the domain writes must evaluate the rules of every
 * VAT category they carry and the calculation rules, with 0 fatal failures. Once, on PGlite: the documents are the same on PostgreSQL.
 */
const t = appDePruebas();
const sch = readFileSync(SCHEMATRON_EN16931, 'utf8');
/** The assert that only a tax breakdown of that category evaluates (its TaxSubtotal rule). */
const DESGLOSE_POR_CATEGORIA: Record<string, string> = {
  S: 'BR-S-08',
  Z: 'BR-Z-08',
  E: 'BR-E-08',
  AE: 'BR-AE-08',
  K: 'BR-IC-08',
  G: 'BR-G-08',
  O: 'BR-O-08',
  L: 'BR-AF-08',
  M: 'BR-AG-08',
};
const categorias = (xml: string) =>
  [...xml.matchAll(/<cac:TaxSubtotal>[\s\S]*?<cac:TaxCategory>\s*<cbc:ID>([^<]+)<\/cbc:ID>/g)].map((m) => m[1]!);

beforeAll(() => asegurarSef(), 300_000);

it('reads every rule of the Schematron, and refuses a fired rule it does not know', () => {
  const reglas = reglasDelSchematron(sch);
  expect([...reglas.values()].flat().length).toBe(979);
  expect(reglas.get('UBL-model\u0000cac:LegalMonetaryTotal')?.map((a) => a.id)).toContain('BR-CO-16');
  // A rule's flag applies to asserts that carry none (the code lists).
  expect(reglas.get('Codesmodel\u0000cbc:DocumentCurrencyCode')?.[0]?.flag).toBe('fatal');
  expect(() => asertosEvaluados(reglas, [{ patron: 'UBL-model', contexto: 'cac:Nada' }])).toThrow(/no contiene/);
});

it('one standard-rated invoice evaluates the S breakdown rules and not the exempt ones', async () => {
  const c = await coberturaEn16931([facturaUbl(CASOS_FACTURA.general!)], sch);
  expect(c.fatalesFallidos).toEqual([]);
  expect(c.evaluados.has('BR-S-08')).toBe(true);
  expect(c.evaluados.has('BR-E-08')).toBe(false);
  // BR-S-01 lives on the root rule (fires for every document); BR-E-01 too, though no line is exempt.
  expect(informeCobertura(c)).toMatch(/^BR-S +8\/10 +BR-S-01\* /m);
  expect(c.evaluados.has('BR-E-01') && !c.enNodo.has('BR-E-01')).toBe(true);
}, 60_000);

it('the demo invoices and every tax case evaluate the rules of every VAT category they carry and the calculation rules, 0 fatal', async () => {
  const xmls: string[] = [];
  for (const { emitida: e, res } of await pedirUblDeTodas(t, await facturasEmitidas(t))) {
    expect(res.status, `${e.codigo} ${e.id}`).toBe(200);
    xmls.push(res.body as string);
  }
  // The demo data carries S and E only; the domain's tax cases add the rest Faro writes.
  expect([...new Set(xmls.flatMap(categorias))].sort()).toEqual(['E', 'S']);
  xmls.push(...Object.values(CASOS_FACTURA).map((f) => facturaUbl(f)));
  const emitidasCategorias = [...new Set(xmls.flatMap(categorias))].sort();
  expect(emitidasCategorias).toEqual(['AE', 'E', 'G', 'K', 'L', 'M', 'O', 'S', 'Z']);
  const c = await coberturaEn16931(xmls, sch);
  expect(c.fatalesFallidos).toEqual([]);
  for (const cat of emitidasCategorias) expect(c.enNodo.has(DESGLOSE_POR_CATEGORIA[cat]!), cat).toBe(true);
  for (const id of ['BR-CO-10', 'BR-CO-13', 'BR-CO-14', 'BR-CO-16', 'BR-CO-17'])
    expect(c.enNodo.has(id), id).toBe(true);
  // Total with VAT = without VAT + VAT is asserted on the root: a real check of every document.
  expect(c.evaluados.has('BR-CO-15')).toBe(true);
}, 600_000);
