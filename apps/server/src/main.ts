import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { trabajosAutoescuela } from './modules/autoescuela/avisos.ts';
import { trabajoCuotasMensuales } from './modules/contratacion/cuotas.ts';
import { trabajosCrm } from './modules/crm/alertas.ts';
import { trabajoCargosMensuales } from './modules/formacion/cargos.ts';
import { trabajoFacturasRecurrentes } from './modules/ventas/recurrentes/recurrentesRoutes.ts';
import { iniciarTrabajadorVerifactu, type TrabajadorVerifactu } from './modules/ventas/verifactu/envio.ts';
import { plataforma } from './platform/admin/index.ts';
import { programarCopias } from './platform/backup/programa.ts';
import { supervisarProcesos } from './platform/cluster/procesos.ts';
import { migrateDatabase, openDatabase } from './platform/db/database.ts';
import { tokenSecret } from './platform/db/settings.ts';
import { createJobRunner, type JobRunner } from './platform/jobs/runner.ts';
import { mensajesArranque } from './seed/mensajesArranque.ts';
import { seedDemoOnce } from './seed/seedDemo.ts';

const started = performance.now();
const config = loadConfig();
await supervisarProcesos(config); // FARO_PROCESOS=N on PostgreSQL: this process supervises N workers (never returns)
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }).catch((error) => {
  console.error(`No se pudo abrir la base de datos: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
let closing = false;
let verifactu: TrabajadorVerifactu | undefined;
let simulador: { cerrar(): Promise<void> } | undefined;
let copias: { detener(): void } | undefined;
const shutdown = async (code = 0) => {
  if (closing) return;
  closing = true;
  await verifactu?.detener().catch(() => {});
  await simulador?.cerrar().catch(() => {});
  await jobs?.stop().catch(() => {});
  copias?.detener();
  await app?.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(code);
};
let app: FastifyInstance | undefined;
let jobs: JobRunner | undefined;
try {
  const avisos = mensajesArranque();
  avisos.migrando();
  const migrando = performance.now();
  await migrateDatabase(database);
  avisos.migrado(performance.now() - migrando);
  const secret = await tokenSecret(database.db, config.tokenSecret);
  const seeded = config.seedDemo
    ? await seedDemoOnce(database.db, { progreso: avisos.pasoSemilla, avance: avisos.avanceSemilla })
    : false;
  if (seeded) avisos.semillaHecha();
  const built = await buildApp({ config, database, secret, logger: true, serveWeb: true });
  app = built.app;
  await app.listen({ port: config.port, host: config.host });
  // VeriFactu queue worker (sends each company's pending records); FARO_VERIFACTU_WORKER=0 switches it off.
  if (process.env.FARO_VERIFACTU_WORKER !== '0') {
    const log = app.log;
    verifactu = iniciarTrabajadorVerifactu(database, secret, { log: (m) => log.info(m) });
  }
  // Demo: DEMO sends to a local AEAT simulator unless it has a destination (FARO_VERIFACTU_SIMULADOR=0: off).
  if (config.seedDemo && process.env.FARO_VERIFACTU_SIMULADOR !== '0') {
    const log = app.log;
    void import('./verifactu/simulador/demoSimulador.ts')
      .then((m) => m.simuladorDemo(database, secret, (x) => log.info(x)))
      .then((s) => {
        simulador = s ?? undefined;
      })
      .catch((error) => log.warn(`VeriFactu: sin simulador de la AEAT (${(error as Error).message})`));
  }
  // Background jobs (platform/jobs): FARO_TRABAJOS=0 turns them off; the recurring invoices run every 15 minutes.
  if (process.env.FARO_TRABAJOS !== '0') {
    const log = built.app.log;
    jobs = createJobRunner({
      database,
      jobs: [
        trabajoFacturasRecurrentes(built.deps, Number(process.env.FARO_RECURRENTES_MINUTOS ?? 15) || 15),
        ...trabajosCrm(built.deps),
        ...trabajosAutoescuela(built.deps),
        trabajoCargosMensuales(built.deps),
        trabajoCuotasMensuales(built.deps, plataforma(built.deps)),
      ],
      log: (m) => log.warn(m),
    });
    jobs.start();
  }
  // Embedded mode: a daily copy with retention, and one on demand (`npm run backup`); FARO_COPIAS=0 turns it off.
  if (!config.databaseUrl && process.env.FARO_COPIAS !== '0') {
    const log = built.app.log;
    copias = programarCopias(database, config.dataDir, (m) => log.warn(m));
  }
  avisos.listo(`http://localhost:${config.port}`, config.seedDemo, performance.now() - started);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}`;
  app.log.info(
    `Faro escuchando en http://localhost:${config.port} · base de datos: ${where}${seeded ? ' · datos de demostración creados (contraseña Demo1234)' : ''} · arranque en ${Math.round(performance.now() - started)} ms`,
  );
} catch (error) {
  console.error('No se pudo arrancar Faro:', error instanceof Error ? error.message : error);
  await shutdown(1);
}
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));
