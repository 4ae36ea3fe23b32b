/**
 * Accounting export figures, for `bench/run.ts` to call: `await benchContabilidad()`. Prints, asserts
 * nothing, stays in process.
 *   - A year of N entries (FARO_BENCH_ASIENTOS, default 250,000: 40 % sales, 25 % purchases, 5 % expenses, 15 %
 *     collections, 14 % payments, 1 % bank fees) built by the domain's builders, checked (debits = credits), written
 *     as XDiario + XSubCta lines and deflated into the zip the route streams (fflate): time, file sizes, memory.
 *   Measures what the route does per entry after the SQL (the union of the books read in keyset batches of 1,000
 *   is measured by the books' own bench figures).
 *   - The same year from the ledger (what the route sends once the ledger covers the period), on PGlite and on
 *     PostgreSQL (FARO_BENCH_ENGINES): N entries of four lines loaded set-based (bench/libroContable.ts's
 *     `cargarLibro`), then the route's own `escribirZip` into a byte-counting stream: time, CPU of this process,
 *     bytes and peak RSS growth, beside the raw select of the same lines in one statement (the read's floor) and the
 *     ratio of the two.
 */

import { Writable } from 'node:stream';
import {
  type Asiento,
  asientoCobro,
  asientoComision,
  asientoCompra,
  asientoPago,
  asientoVenta,
  type CuentasEmpresa,
  cuadre,
  type FacturaContable,
  lineaXSubCta,
  type MovimientoContable,
  xDiario,
} from '@faro/domain';
import { Zip, ZipDeflate } from 'fflate';
import { escribirZip } from '../apps/server/src/modules/contabilidad/contabilidad.ts';
import { type Cell, mib, ms, num, printTable } from './format.ts';
import { carga, cargarLibro, porMotor, scopeDemo, timed } from './libroContable.ts';

const CUENTAS: CuentasEmpresa = {
  Digitos: 10,
  Compras: '6000000000',
  Gastos: '6290000000',
  VentasProductos: '7000000000',
  VentasServicios: '7050000000',
};

function asiento(i: number): Asiento {
  const dia = `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
  const base = ((i % 997) + 1) * 10;
  const cuota = Math.round(base * 0.21);
  const f: FacturaContable = {
    Fecha: dia,
    NumSerie: `F2026-${String(i).padStart(6, '0')}`,
    Tercero: { Codigo: String(i % 5000), Nombre: `Cliente número ${i % 5000} S.L.`, NIF: 'B12345674' },
    Desglose: [
      {
        PorcIva: '21',
        Base: (base / 100).toFixed(2),
        Cuota: (cuota / 100).toFixed(2),
        PorcRecargo: '0',
        CuotaRecargo: '0.00',
      },
      { PorcIva: '10', Base: '5.00', Cuota: '0.50', PorcRecargo: '1.4', CuotaRecargo: '0.07' },
    ],
    BaseServicios: '2.00',
    Retencion: '0.00',
    Total: ((base + cuota + 557) / 100).toFixed(2),
  };
  const m: MovimientoContable = {
    Fecha: dia,
    Importe: f.Total,
    Documento: f.NumSerie,
    Tercero: f.Tercero,
    Cuenta: { Codigo: String(i % 3), Nombre: 'Banco', Tipo: 'banco' },
  };
  const k = i % 100;
  if (k < 40) return asientoVenta(f, CUENTAS, i + 1);
  if (k < 65) return asientoCompra(f, CUENTAS, i + 1, 'compra');
  if (k < 70)
    return asientoCompra({ ...f, Retencion: '1.00', Total: (Number(f.Total) - 1).toFixed(2) }, CUENTAS, i + 1, 'gasto');
  if (k < 85) return asientoCobro(m, CUENTAS, i + 1);
  if (k < 99) return asientoPago(m, CUENTAS, i + 1);
  return asientoComision({ ...m, Importe: '-2.50' }, CUENTAS, i + 1);
}

export async function benchContabilidad(): Promise<void> {
  const n = Number(process.env.FARO_BENCH_ASIENTOS ?? 250_000) || 250_000;
  const rss0 = process.memoryUsage().rss;
  const t0 = performance.now();
  let zipBytes = 0;
  let diarioBytes = 0;
  let apuntes = 0;
  let descuadrados = 0;
  const terminado = new Promise<void>((resolve, reject) => {
    const zip = new Zip((err, chunk, final) => {
      if (err) return reject(err);
      zipBytes += chunk.length;
      if (final) resolve();
    });
    const diario = new ZipDeflate('XDiario.txt', { level: 6 });
    zip.add(diario);
    const subcuentas = new Map<string, string>();
    for (let desde = 0; desde < n; desde += 1000) {
      const lote: Asiento[] = [];
      for (let i = desde; i < Math.min(n, desde + 1000); i++) {
        const a = asiento(i);
        if (!cuadre(a).Cuadra) descuadrados++;
        apuntes += a.Apuntes.length;
        for (const ap of a.Apuntes) if (!subcuentas.has(ap.Subcuenta)) subcuentas.set(ap.Subcuenta, ap.Concepto);
        lote.push(a);
      }
      const texto = xDiario(lote);
      diarioBytes += texto.length;
      diario.push(Buffer.from(texto, 'latin1'));
    }
    diario.push(new Uint8Array(0), true);
    const sub = new ZipDeflate('XSubCta.txt', { level: 6 });
    zip.add(sub);
    const lineas = [...subcuentas].map(([Codigo, Titulo]) => `${lineaXSubCta({ Codigo, Titulo })}\r\n`).join('');
    sub.push(Buffer.from(lineas, 'latin1'), true);
    zip.end();
  });
  await terminado;
  const tiempo = performance.now() - t0;
  const rows: Cell[][] = [
    [
      `ContaPlus, a year of ${num(n, 0)} entries (${num(apuntes, 0)} lines)`,
      ms(tiempo),
      `${num((n * 1000) / tiempo, 0)}/s`,
      mib(diarioBytes),
      mib(zipBytes),
      descuadrados ? `${descuadrados} UNBALANCED` : 'all balanced',
      mib(process.memoryUsage().rss - rss0),
    ],
  ];
  printTable(
    'Accounting: ContaPlus export (entries built, checked, written and zipped)',
    ['What', 'Time', 'Entries/s', 'XDiario', 'Zip', 'Balance', 'RSS growth'],
    rows,
  );
}

/** Peak RSS above the start while `fn` runs (sampled every 20 ms). */
async function conPico<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const base = process.memoryUsage().rss;
  let pico = base;
  const reloj = setInterval(() => {
    pico = Math.max(pico, process.memoryUsage().rss);
  }, 20);
  try {
    const r = await fn();
    pico = Math.max(pico, process.memoryUsage().rss);
    return [r, pico - base];
  } finally {
    clearInterval(reloj);
  }
}

/** ContaPlus of a year from the ledger, through the route's writer (`escribirZip`). */
export async function benchContaPlusLibro(): Promise<void> {
  const n = Number(process.env.FARO_BENCH_ASIENTOS ?? 250_000) || 250_000;
  await porMotor('contaplus', async (database, engine) => {
    const s = await scopeDemo(database);
    const [, tCarga] = await timed(() => cargarLibro(database, s.empresaId, n, 4));
    const p = { FechaDesde: '2030-01-01', FechaHasta: '2030-12-31' };
    const rows: Cell[][] = [[`load ${num(n, 0)} entries × 4 lines + ANALYZE`, ms(tCarga), '', '', '']];
    const cpu = (c: number) => (engine === 'PGlite' ? `${ms(c)} (engine included)` : ms(c));
    let mejor = Number.POSITIVE_INFINITY;
    for (let vuelta = 1; vuelta <= 2; vuelta++) {
      let bytes = 0;
      const destino = new Writable({
        highWaterMark: 1 << 20,
        write(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done();
        },
      });
      const [[, t, c], pico] = await conPico(() => timed(() => escribirZip(s, p, destino)));
      mejor = Math.min(mejor, t);
      rows.push([`ContaPlus zip from the ledger (run ${vuelta})`, ms(t), cpu(c), mib(bytes), mib(pico)]);
    }
    const [[filas, t, c], pico] = await conPico(() =>
      timed(() =>
        database.query(
          `select a.numero, a.fecha, a.tipo, p.subcuenta, p.contrapartida, p.concepto, p.debe, p.haber, p.documento,
             p.base_imponible, p.porc_iva, p.porc_recargo
           from asientos_contables a join apuntes_contables p on p.empresa_id = a.empresa_id and p.id_asiento = a.id
           where a.empresa_id = $1 and a.fecha between '2030-01-01' and '2030-12-31'
           order by a.fecha, a.ejercicio, a.numero, p.orden`,
          [s.empresaId],
        ),
      ),
    );
    rows.push([`raw select of the same ${num(filas.length, 0)} lines, one statement`, ms(t), cpu(c), '', mib(pico)]);
    // The export's distance from the read's floor (the load of the machine stretches both alike).
    rows.push([`best ContaPlus run / raw select (target: 10 s)`, `${num(mejor / t, 2)}×`, '', '', '']);
    printTable(
      `Accounting: ContaPlus of ${num(n, 0)} ledger entries (${engine}; ${carga()})`,
      ['What', 'Time', 'CPU of this process', 'Zip', 'Peak RSS growth'],
      rows,
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.env.FARO_BENCH_CONTAPLUS !== 'libro') await benchContabilidad();
  await benchContaPlusLibro();
}
