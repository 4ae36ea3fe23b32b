import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { facturaUbl, type VersionUbl } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASOS_FACTURA } from '../../../../../packages/domain/src/efactura/efactura.testkit.ts';
import { describirReglas, reglaEnEspanol } from './reglas.ts';
import { asegurarSef, DIRECTORIO_EN16931, fatales, raizUbl, validarEn16931, validarXsdUbl } from './validador.ts';

/**
 * The validator itself (no database: once, on PGlite's project): the three CEN examples pass the official rules
 * (proves it accepts what is valid), a broken amount due fails BR-CO-16 (proves it can fail), and every tax case
 * Faro writes passes the UBL 2.1 and 2.5 schemas and the rules with 0 fatal.
 */
const EJEMPLOS = path.join(DIRECTORIO_EN16931, 'examples');
const ejemplos = () => readdirSync(EJEMPLOS).map((f) => ({ f, xml: readFileSync(path.join(EJEMPLOS, f), 'utf8') }));

beforeAll(() => asegurarSef(), 300_000);

describe('EN 16931 validator', () => {
  it('passes the three CEN examples with 0 fatal, and their UBL 2.1 schema', async () => {
    const lista = ejemplos();
    expect(lista.map((e) => e.f).sort()).toEqual([
      'BIS3_Invoice_positive.XML',
      'guide-example1.xml',
      'guide-example2.xml',
    ]);
    for (const { f, xml } of lista) expect(fatales(await validarEn16931(xml)), f).toEqual([]);
    expect(
      await validarXsdUbl(
        lista.map((e) => e.xml),
        'Invoice',
      ),
    ).toEqual([]);
  });

  it('fails BR-CO-16 when the amount due is not total with VAT − paid', async () => {
    const xml = ejemplos().find((e) => e.f === 'guide-example1.xml')!.xml;
    const roto = xml.replace(/(<cbc:PayableAmount[^>]*>)[^<]*/, '$1999.99');
    expect(roto).not.toBe(xml);
    const fallos = fatales(await validarEn16931(roto));
    expect(fallos.map((f) => f.id)).toEqual(['BR-CO-16']);
    expect(fallos[0]!.donde).toContain('LegalMonetaryTotal');
    expect(describirReglas(fallos)).toBe('BR-CO-16 (el importe a pagar no es total con impuestos − anticipado)');
  });

  it('the schema check refuses an element out of place', async () => {
    const xml = facturaUbl(CASOS_FACTURA.general!);
    const roto = xml.replace(/(<cbc:DocumentCurrencyCode>EUR<\/cbc:DocumentCurrencyCode>)/, '<cbc:Foo>x</cbc:Foo>$1');
    expect((await validarXsdUbl(roto, 'Invoice')).length).toBeGreaterThan(0);
  });

  it.each(['2.1', '2.5'] as VersionUbl[])(
    'every tax case Faro writes is valid UBL %s with 0 fatal EN 16931 rules',
    async (version) => {
      const porRaiz: Record<'Invoice' | 'CreditNote', string[]> = { Invoice: [], CreditNote: [] };
      for (const [caso, f] of Object.entries(CASOS_FACTURA)) {
        const xml = facturaUbl(f, { version });
        porRaiz[raizUbl(xml)].push(xml);
        const fallos = await validarEn16931(xml);
        expect(fatales(fallos), caso).toEqual([]);
        // What is left are the CEN's syntax warnings for elements outside EN 16931: the 2.5 version, the withholding.
        expect(
          fallos.map((x) => x.id).filter((id) => id !== 'UBL-CR-002' && id !== 'UBL-CR-513'),
          caso,
        ).toEqual([]);
      }
      expect(porRaiz.CreditNote.length).toBe(1);
      expect(await validarXsdUbl(porRaiz.Invoice, 'Invoice', version)).toEqual([]);
      expect(await validarXsdUbl(porRaiz.CreditNote, 'CreditNote', version)).toEqual([]);
    },
    120_000,
  );

  it('catches totals that do not add up, and says so in Spanish', async () => {
    const f = CASOS_FACTURA.general!;
    const fallos = fatales(await validarEn16931(facturaUbl({ ...f, TotalIva: '1.00' })));
    const ids = fallos.map((x) => x.id);
    expect(ids).toContain('BR-CO-14');
    expect(reglaEnEspanol('BR-CO-14')).toBe('la cuota total no coincide con el desglose');
    expect(reglaEnEspanol('BR-AF-05')).toBe('IGIC');
    expect(reglaEnEspanol('UBL-SR-99')).toBe('regla de la norma');
  });
});
