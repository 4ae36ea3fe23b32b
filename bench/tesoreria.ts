/**
 * Treasury figures (issue 14), for `bench/run.ts` to call: `await benchTesoreria()`. Prints, asserts nothing, stays
 * in process.
 *   - A direct-debit batch of N receipts (FARO_BENCH_RECIBOS, default 10,000): pain.008.001.02 written by the domain
 *     writer, then validated against the official XSD with xmllint-wasm (the server's `validarXsd`): time and memory.
 *   - A Norma 43 statement of L lines (FARO_BENCH_N43, default 100,000: a 22 + a 23 record per movement) written and
 *     parsed by the domain parser (the import route parses before one INSERT per 1,000 lines).
 */
import { escribirNorma43, generarPain008, identificadorAcreedor, parsearNorma43, type ReciboSepa } from '@faro/domain';
import { validarXsd } from '../apps/server/src/modules/tesoreria/xsd.ts';
import { type Cell, mib, ms, num, printTable } from './format.ts';

export async function benchTesoreria(): Promise<void> {
  const n = Number(process.env.FARO_BENCH_RECIBOS ?? 10_000) || 10_000;
  const lineas = Number(process.env.FARO_BENCH_N43 ?? 100_000) || 100_000;
  const rows: Cell[][] = [];
  const rss0 = process.memoryUsage().rss;
  const recibos: ReciboSepa[] = Array.from({ length: n }, (_, i) => ({
    etiqueta: `Recibo F${i}/1`,
    endToEndId: `F2026-${i}-1-R1`,
    importe: `${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`,
    nombre: `Cliente ${i} S.L.`,
    iban: 'ES9121000418450200051332',
    bic: 'CAIXESBBXXX',
    mandatoRef: `CLI${i}-1`,
    mandatoFecha: '2025-01-15',
    secuencia: i % 10 ? 'RCUR' : 'FRST',
    concepto: `Factura F2026-${i} vencimiento 2026-12-05`,
  }));
  let t0 = performance.now();
  const xml = generarPain008({
    msgId: 'REM-BENCH',
    creado: '2026-11-25T10:00:00',
    fecha: '2026-12-05',
    esquema: 'CORE',
    acreedor: {
      nombre: 'Empresa Demo S.L.',
      iban: 'ES0700120345030000067890',
      bic: 'BSCHESMMXXX',
      identificador: identificadorAcreedor('B85626240'),
    },
    recibos,
  });
  const escribir = performance.now() - t0;
  t0 = performance.now();
  const errores = await validarXsd(xml, 'pain.008.001.02');
  const validar = performance.now() - t0;
  const rss1 = process.memoryUsage().rss;
  rows.push([
    `pain.008.001.02, ${num(n, 0)} receipts (${mib(xml.length)})`,
    ms(escribir),
    ms(validar),
    errores.length ? `INVALID: ${errores[0]!.mensaje}` : 'valid',
    mib(rss1 - rss0),
  ]);

  const movimientos = Math.max(1, Math.floor((lineas - 3) / 2));
  const fichero = escribirNorma43({
    banco: '2100',
    oficina: '0418',
    cuenta: '0200051332',
    desde: '2026-01-01',
    hasta: '2026-12-31',
    saldoInicial: '1000.00',
    divisa: '978',
    titular: 'EMPRESA DEMO',
    apuntes: Array.from({ length: movimientos }, (_, i) => ({
      fechaOperacion: '2026-06-15',
      fechaValor: '2026-06-15',
      conceptoComun: i % 3 ? '02' : '03',
      conceptoPropio: '001',
      importe: i % 3 ? `${(i % 900) + 1}.25` : `-${(i % 300) + 1}.10`,
      documento: String(i).padStart(10, '0'),
      referencia1: `REF${i}`,
      referencia2: '',
      concepto: `MOVIMIENTO ${i}`,
    })),
  });
  t0 = performance.now();
  const [cuenta] = parsearNorma43(fichero);
  const parsear = performance.now() - t0;
  const rss2 = process.memoryUsage().rss;
  rows.push([
    `Norma 43, ${num(fichero.split('\n').length - 1, 0)} lines (${num(cuenta!.apuntes.length, 0)} movements)`,
    '-',
    ms(parsear),
    'parsed',
    mib(rss2 - rss1),
  ]);
  printTable(
    'Treasury: SEPA batch and Norma 43 statement',
    ['What', 'Write', 'Validate / parse', 'Result', 'RSS growth'],
    rows,
  );
}
