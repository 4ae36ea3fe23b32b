/**
 * Marketing queue figures, for `bench/run.ts`: `await benchCrm()`. Prints, asserts nothing, stays in
 * process, stops what it starts. PGlite in a temp folder with the DEMO seed, then:
 *   - a campaign to a segment of N customers (FARO_BENCH_CAMPANA, default 100,000) queued: seconds;
 *   - M of those messages (FARO_BENCH_ENVIOS, default 2,000) sent through the queue worker to a local SMTP sink:
 *     messages per second.
 * `npx tsx bench/crm.ts` runs it alone (small: FARO_BENCH_CAMPANA=1000 FARO_BENCH_ENVIOS=200).
 */
import { encolarCampana, procesarEmpresa } from '../apps/server/src/modules/comunicaciones/cola.ts';
import type { Database } from '../apps/server/src/platform/db/database.ts';
import { permitirDestino } from '../apps/server/src/platform/egress/permitidos.ts';
import { companyScope } from '../apps/server/src/platform/tenancy/scope.ts';
import { mkCampanas, mkConfig, mkSegmentosReglas } from '../apps/server/src/platform/tenancy/tables.ts';
import { startSmtpSink } from '../apps/server/test/smtpSink.ts';
import { type Cell, ms, num, printTable } from './format.ts';
import { enPgliteTemporal, prepararDemo, siEsEntrada } from './kit.ts';

export async function benchCrm(): Promise<void> {
  const n = Number(process.env.FARO_BENCH_CAMPANA ?? 100_000) || 100_000;
  const envios = Math.min(n, Number(process.env.FARO_BENCH_ENVIOS ?? 2_000) || 2_000);
  await enPgliteTemporal('faro-bench-crm-', async (database) => {
    const sink = await startSmtpSink();
    try {
      await benchCola(database, sink, n, envios);
    } finally {
      await sink.stop();
    }
  });
}

async function benchCola(
  database: Database,
  sink: Awaited<ReturnType<typeof startSmtpSink>>,
  n: number,
  envios: number,
): Promise<void> {
  const empresaId = await prepararDemo(database);
  const s = companyScope(database.db, { empresaId, personaId: null, userName: 'bench' });
  const [g] = await database.query<{ id: number }>(
    "insert into gruposcto (empresa_id, codigo, nombre) values ($1, 'BENCH', 'Bench') returning id",
    [empresaId],
  );
  let t0 = performance.now();
  await database.query(
    `insert into clientes (empresa_id, codigo, nombre, email, id_grupo)
       select $1, 'BM' || g, 'Cliente ' || g, 'c' || g || '@bench.test', $2 from generate_series(1, $3::int) g`,
    [empresaId, g!.id, n],
  );
  const alta = performance.now() - t0;
  const [seg] = await database.query<{ id: number }>(
    "insert into segmentacion (empresa_id, codigo, descripcion) values ($1, 'BENCH', 'Bench') returning id",
    [empresaId],
  );
  await s.insert(mkSegmentosReglas, { IdSegmentacion: Number(seg!.id), TipoContacto: 'c', IdGrupo: Number(g!.id) });
  const [c] = await s
    .insert(mkCampanas, {
      Canal: 'email',
      Nombre: 'Bench',
      Asunto: 'Hola {Nombre}',
      Cuerpo: '<p>Hola {Nombre}</p>',
      IdSegmentacion: Number(seg!.id),
    })
    .returning({ Id: mkCampanas.Id });
  t0 = performance.now();
  const encolados = await encolarCampana(s, c!.Id);
  const cola = performance.now() - t0;
  const port = Number(new URL(sink.url).port);
  // The bench's sink listens on loopback: allowed as a destination only for its port (platform/egress).
  permitirDestino(`smtp://127.0.0.1:${port}`);
  await s.insert(mkConfig, { SmtpHost: '127.0.0.1', SmtpPuerto: port, LimiteMinuto: 1_000_000 });
  t0 = performance.now();
  const [ok, mal] = await procesarEmpresa(s, {
    secret: 'bench-secret-0123456789-0123456789',
    remitente: 'Faro <bench@faro.test>',
    publicUrl: 'http://localhost',
    lote: envios,
  });
  const envio = performance.now() - t0;
  const rows: Cell[][] = [
    [`${num(n, 0)} customers inserted (one INSERT … SELECT)`, ms(alta), ''],
    [`campaign queued: ${num(encolados, 0)} recipients`, ms(cola), `${num(encolados / (cola / 1000), 0)} rows/s`],
    [`${num(ok, 0)} sent to the local SMTP (${mal} failed)`, ms(envio), `${num(ok / (envio / 1000), 1)} msgs/s`],
  ];
  printTable('Marketing queue (PGlite)', ['step', 'time', 'rate'], rows);
}

siEsEntrada(import.meta.url, benchCrm);
