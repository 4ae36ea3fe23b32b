import { facturaUbl, type VersionUbl } from '@faro/domain';
import { CASOS_FACTURA } from '../../../../../packages/domain/src/efactura/efactura.testkit.ts';
import { coberturaEn16931, informeCobertura } from './cobertura.ts';

/**
 * Prints which EN 16931 rules the UBL of every tax case Faro writes (the domain's test cases, UBL 2.1 and 2.5)
 * evaluates, per family with counts (evaluated / in the Schematron). Writes nothing:
 * `node --import tsx apps/server/src/modules/efactura/cobertura.script.ts`.
 */
const versiones: VersionUbl[] = ['2.1', '2.5'];
const xmls = versiones.flatMap((version) => Object.values(CASOS_FACTURA).map((f) => facturaUbl(f, { version })));
const c = await coberturaEn16931(xmls);
process.stdout.write(`${informeCobertura(c)}\n`);
if (c.fatalesFallidos.length) {
  process.stderr.write(`Reglas fatales incumplidas: ${c.fatalesFallidos.join(' ')}\n`);
  process.exitCode = 1;
}
