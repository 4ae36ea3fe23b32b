import { performance } from 'node:perf_hooks';
import { fijarSecretoTbai } from '../apps/server/src/modules/ticketbai/emision.ts';
import { cifrar } from '../apps/server/src/modules/ventas/verifactu/configuracion.ts';
import type { Database } from '../apps/server/src/platform/db/database.ts';
import { claveDePkcs12, firmarTbai } from '../apps/server/src/ticketbai/firma.ts';
import { generarCertificadosTbai } from '../apps/server/src/ticketbai/simulador/certificados.ts';
import { NS_ALTA, ticketBaiSinFirma } from '../apps/server/src/ticketbai/xml.ts';
import { type Cell, ms, num, printTable } from './format.ts';
import { prepararDemo, primerClienteConNif, siEsEntrada } from './kit.ts';
import { stats } from './load.ts';
import { CONCURRENTES, enAmbosMotores, medir, POR_ISSUER, SECUENCIAL } from './verifactu.ts';

const N = 300;
const SECRETO = 'bench-ticketbai-secreto-de-32-caracteres!';

async function emisionEnMotor(nombre: string, abrir: () => Promise<Database>): Promise<Cell[][]> {
  const database = await abrir();
  try {
    const empresaId = await prepararDemo(database, 'GIPUZKOA');
    if (Number.isNaN(empresaId)) return [[nombre, 'sin la empresa GIPUZKOA de DEMO', '', '', '']];
    const cliente = await primerClienteConNif(database, empresaId);
    // The company's certificate, as the upload stores it (encrypted with the server secret).
    const certs = generarCertificadosTbai({ nif: 'B20123451', nombre: 'FARO BENCH TICKETBAI' });
    fijarSecretoTbai(SECRETO);
    await database.query(
      `insert into verifactu_config (empresa_id, certificado, certificado_clave, certificado_nombre, certificado_subido)
       values ($1, $2, $3, 'bench.p12', now())
       on conflict (empresa_id) do update set certificado = excluded.certificado, certificado_clave = excluded.certificado_clave`,
      [empresaId, cifrar(SECRETO, certs.cliente.pfx), cifrar(SECRETO, Buffer.from(certs.cliente.passphrase, 'utf8'))],
    );
    const filas: Cell[][] = [];
    for (const modo of ['off', 'on'] as const) {
      await database.query('update empresas set tipo_factura_electronica = $1 where id = $2', [
        modo === 'on' ? 'tbai' : '',
        empresaId,
      ]);
      const m = await medir(database, empresaId, cliente, `TicketBAI ${modo}`);
      filas.push([nombre, m.modo, ms(m.p50), ms(m.p95), `${num(m.porSegundo, 0)} facturas/s`]);
    }
    // A fork is two files chained to the same previous signature; a gap, a missing position of the series' chain.
    const [f] = await database.query<{ n: number; forks: number; huecos: number }>(
      `select count(*)::int as n,
              (count(*) - count(distinct (serie, coalesce(firma_anterior, ''))))::int as forks,
              coalesce(sum(huecos), 0)::int as huecos
         from ticketbai_registros r
         left join (select serie as s, max(secuencia) - min(secuencia) + 1 - count(*) as huecos
                      from ticketbai_registros where empresa_id = $1 and clase = 'alta' group by serie) h
           on h.s = r.serie
        where r.empresa_id = $1 and r.clase = 'alta'`,
      [empresaId],
    );
    filas.push([
      nombre,
      `ficheros firmados: ${f?.n ?? '?'}`,
      '',
      '',
      `bifurcaciones: ${f?.forks ?? '?'}, huecos: ${f?.huecos ?? '?'}`,
    ]);
    return filas;
  } finally {
    await database.close();
  }
}

/** Whole issuing with TicketBAI off vs on, PGlite then PostgreSQL. */
async function benchEmisionTbai(): Promise<void> {
  const filas = await enAmbosMotores('faro-bench-tbai-', emisionEnMotor);
  printTable(
    `TicketBAI: emitir facturas de GIPUZKOA (1 × ${SECUENCIAL}: p50/p95; ${CONCURRENTES} × ${POR_ISSUER}: facturas/s)`,
    ['motor', 'modo', 'p50', 'p95', 'ritmo'],
    filas,
  );
}

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
  await benchEmisionTbai();
}

siEsEntrada(import.meta.url, benchTicketbai);
