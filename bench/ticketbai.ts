/**
 * TicketBAI figures (issue 21), for `bench/run.ts`: `await benchTicketbai()`. Prints, asserts nothing, in process.
 *   - The per-invoice cost TicketBAI adds inside the issuing transaction: building the 1.2.2 file, and building +
 *     XAdES-EPES signing (RSA-2048, SHA-256) with the company's key — p50/p95 over N invoices, signing off vs on.
 * Not yet measured here: the whole `emitirFactura` with TicketBAI on vs off on PGlite/PostgreSQL (the transaction
 * and the chain-head lock are VeriFactu's design; see bench/verifactu.ts for that shape).
 */
import { performance } from 'node:perf_hooks';
import { claveDePkcs12, firmarTbai } from '../apps/server/src/ticketbai/firma.ts';
import { generarCertificadosTbai } from '../apps/server/src/ticketbai/simulador/certificados.ts';
import { NS_ALTA, ticketBaiSinFirma } from '../apps/server/src/ticketbai/xml.ts';
import { type Cell, ms, num, printTable } from './format.ts';
import { stats } from './load.ts';

const N = 300;

export async function benchTicketbai(): Promise<void> {
  const certs = generarCertificadosTbai();
  const clave = claveDePkcs12(certs.cliente.pfx, certs.cliente.passphrase);
  const datos = (i: number) => ({
    emisor: { nif: '99999974E', nombre: 'Emisor de prueba SL' },
    destinatarios: [{ nif: 'B12345674', nombre: 'Cliente SL' }],
    factura: { serie: 'F2026-', numero: String(i), fecha: '2026-03-02', hora: '10:00:00', simplificada: false },
    descripcion: 'Venta',
    lineas: [{ descripcion: 'Artículo', cantidad: '1', unitario: '100', total: '121' }],
    importeTotal: '121',
    claves: ['01' as const],
    desglose: [{ tipo: 'noexenta' as const, clase: 'S1' as const, base: '100', tipoImpositivo: '21', cuota: '21' }],
    anterior: i > 1 ? { serie: 'F2026-', numero: String(i - 1), fecha: '2026-03-02', firma: 'x'.repeat(100) } : null,
    software: { licencia: 'TBAIFARO000000000001', nif: '99999974E', nombre: 'Faro', version: '1.0' },
  });
  const medir = (firmar: boolean) => {
    const tiempos: number[] = [];
    for (let i = 1; i <= N; i++) {
      const t0 = performance.now();
      const p = ticketBaiSinFirma(datos(i));
      if (firmar) firmarTbai({ ...p, ns: NS_ALTA }, { provincia: 'gipuzkoa', clave, instante: new Date() });
      tiempos.push(performance.now() - t0);
    }
    return stats(tiempos);
  };
  const sin = medir(false);
  const con = medir(true);
  const filas: Cell[][] = [
    ['Fichero sin firma', num(N), ms(sin.p50), ms(sin.p95)],
    ['Fichero firmado XAdES-EPES', num(N), ms(con.p50), ms(con.p95)],
  ];
  printTable('TicketBAI: coste por factura (construir y firmar el fichero)', ['Caso', 'n', 'p50', 'p95'], filas);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchTicketbai();
