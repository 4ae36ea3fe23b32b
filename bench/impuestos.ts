/**
 * Tax model figures, for `bench/run.ts` to call: `await benchImpuestos()`. Prints, asserts nothing, stays
 * in process.
 *   - The 303 of a quarter with N issued invoices (FARO_BENCH_FACTURAS, default 100,000; two VAT rates each, 1 in 10
 *     with recargo, 1 in 50 intra-EU, 1 in 100 corrective) and N/2 received ones (interior, intra-EU, reverse
 *     charge, imports): the rows as the books give them → the boxes with their traces → the AEAT file; and the 347
 *     of the same rows. Measures the domain's part (the books' SQL is measured by the books' own figures).
 */
import {
  ficheroAutoliquidacion,
  type LineaEmitida,
  type LineaRecibida,
  modelo303,
  modelo347,
  type Periodo,
  periodoTributario,
} from '@faro/domain';
import { type Cell, mib, ms, num, printTable } from './format.ts';
import { siEsEntrada } from './kit.ts';

function filas(n: number): { emitidas: LineaEmitida[]; recibidas: LineaRecibida[] } {
  const emitidas: LineaEmitida[] = [];
  const recibidas: LineaRecibida[] = [];
  for (let i = 0; i < n; i++) {
    const fecha = `2026-${String((i % 3) + 4).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    const base = ((i % 997) + 1) * 10;
    const re = i % 10 === 0;
    const comun = {
      Id: i + 1,
      Fecha: fecha,
      NumSerie: `F2026-${String(i).padStart(6, '0')}`,
      Tercero: `Cliente ${i % 5000}`,
      NIF: i % 50 === 0 ? `FR${String(i).padStart(11, '0')}` : `B${String(i % 5000).padStart(8, '0')}`,
      Rectificativa: i % 100 === 0,
      Impuesto: 'IVA',
      Retencion: '0',
    };
    emitidas.push({
      ...comun,
      PorcentajeIva: i % 50 === 0 ? '0.00' : '21.00',
      Base: (base / 100).toFixed(2),
      Cuota: i % 50 === 0 ? '0.00' : ((base * 0.21) / 100).toFixed(2),
      PorcentajeRecargo: re ? '5.20' : '0',
      CuotaRecargo: re ? ((base * 0.052) / 100).toFixed(2) : '0',
      Exencion: i % 50 === 0 ? 'E5' : null,
    });
    emitidas.push({
      ...comun,
      PorcentajeIva: '10.00',
      Base: '5.00',
      Cuota: '0.50',
      PorcentajeRecargo: '0',
      CuotaRecargo: '0',
      Exencion: null,
    });
    if (i % 2 === 0) {
      const op = (['interior', 'intracomunitaria', 'inversion', 'importacion'] as const)[(i / 2) % 4]!;
      const auto = op === 'intracomunitaria' || op === 'inversion';
      recibidas.push({
        ...comun,
        FechaFactura: fecha,
        NumSerie: `FC${i}`,
        Operacion: op,
        PorcentajeIva: auto ? '0.00' : '21.00',
        Base: (base / 100).toFixed(2),
        Cuota: auto ? '0' : ((base * 0.21) / 100).toFixed(2),
        CuotaDeducible: ((base * 0.21) / 100).toFixed(2),
        CuotaAutoliquidada: auto ? ((base * 0.21) / 100).toFixed(2) : '0',
        CuotaRecargo: '0',
        ClaveRetencion: null,
      });
    }
  }
  return { emitidas, recibidas };
}

export async function benchImpuestos(): Promise<void> {
  const n = Number(process.env.FARO_BENCH_FACTURAS ?? 100_000);
  const p = periodoTributario('303', 2026, '2T') as Periodo;
  const t0 = performance.now();
  const { emitidas, recibidas } = filas(n);
  const tFilas = performance.now() - t0;
  const heap0 = process.memoryUsage().heapUsed;
  const t1 = performance.now();
  const m303 = modelo303(p, emitidas, recibidas, { PendienteCompensar: '1000' });
  const t303 = performance.now() - t1;
  const t2 = performance.now();
  const fichero = ficheroAutoliquidacion(m303, p, { NIF: 'B12345674', Nombre: 'Empresa de prueba SL' });
  const tFichero = performance.now() - t2;
  const t3 = performance.now();
  const m347 = modelo347(periodoTributario('347', 2026, '0A') as Periodo, emitidas, recibidas);
  const t347 = performance.now() - t3;
  const heap = process.memoryUsage().heapUsed - heap0;
  const rows: Cell[][] = [
    ['rows built (issued + received rows)', num(emitidas.length + recibidas.length, 0), ms(tFilas)],
    ['303: boxes + traces', `71 = ${m303.Casillas['71']}`, ms(t303)],
    ['303: AEAT file', `${num(fichero.length, 0)} chars`, ms(tFichero)],
    ['347: third parties', `${num(m347.Declarados?.length ?? 0, 0)} declared`, ms(t347)],
    ['heap growth (boxes, traces)', mib(heap), ''],
  ];
  printTable(`Tax models of a quarter with ${num(n, 0)} issued invoices`, ['step', 'figure', 'time'], rows);
}

siEsEntrada(import.meta.url, benchImpuestos);
