import { beforeAll, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { type Emitida, facturasEmitidas, pedirUblDeTodas } from './efactura.testkit.ts';
import { asegurarSef, raizUbl, validarXsdUbl } from './validador.ts';

/**
 * EVERY issued invoice, simplified and corrective invoice of every demo company comes out of the route as UBL that
 * the route itself checked against the EN 16931 rules (a fatal rule would be a 422 naming it); what was served is
 * then checked against the UBL 2.1 schema in one pass. Once, on PGlite: the documents are the same on PostgreSQL
 * (efactura.test.ts runs the route on both), and each validation costs about 0.2 s.
 */
const t = appDePruebas();
let emitidas: Emitida[] = [];

beforeAll(async () => {
  await asegurarSef();
  emitidas = await facturasEmitidas(t);
}, 300_000);

it('serves every issued invoice of every demo company as valid UBL 2.1 (schema, and EN 16931 with 0 fatal)', async () => {
  expect(emitidas.length).toBeGreaterThan(20);
  expect([...new Set(emitidas.map((e) => e.tipo))].sort()).toEqual(['factura', 'rectificativa', 'simplificada']);
  const servidos: Record<'Invoice' | 'CreditNote', string[]> = { Invoice: [], CreditNote: [] };
  for (const { emitida: e, res } of await pedirUblDeTodas(t, emitidas)) {
    expect(res.status, `${e.codigo} ${e.tipo} ${e.id}: ${JSON.stringify(res.body)}`).toBe(200);
    servidos[raizUbl(res.body as string)].push(res.body as string);
  }
  expect(new Set(emitidas.map((e) => e.codigo)).size).toBeGreaterThan(1);
  expect(await validarXsdUbl(servidos.Invoice, 'Invoice')).toEqual([]);
  if (servidos.CreditNote.length) expect(await validarXsdUbl(servidos.CreditNote, 'CreditNote')).toEqual([]);
}, 600_000);
