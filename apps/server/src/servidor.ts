// The start sequence, as a function: main.ts (`npm run dev`, the tests' child servers) awaits it at the top level;
// the production bundle (dist/servidor.cjs, build.mjs) calls it from inicio.ts (a CommonJS bundle cannot
// have a top-level await, and one loaded with a V8 code cache must be CommonJS).
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { trabajosAutoescuela } from './modules/autoescuela/avisos.ts';
import { trabajoCuotasMensuales } from './modules/contratacion/cuotas.ts';
import { trabajosCrm } from './modules/crm/alertas.ts';
import { iniciarTrabajadorEfactura } from './modules/efactura/envio/cola.ts';
import { trabajosEstadosEfactura } from './modules/efactura/estados/avisos.ts';
import { trabajoCargosMensuales } from './modules/formacion/cargos.ts';
import { trabajoPlazosFiscales } from './modules/impuestos/calendario.ts';
import { trabajoFacturasRecurrentes } from './modules/ventas/recurrentes/recurrentesRoutes.ts';
import { iniciarTrabajadorVerifactu, type TrabajadorVerifactu } from './modules/ventas/verifactu/envio.ts';
import { plataforma } from './platform/admin/index.ts';
import { programarCopias } from './platform/backup/programa.ts';
import { supervisarProcesos } from './platform/cluster/procesos.ts';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase } from './platform/db/database.ts';
import { prepararCarpetaNueva } from './platform/db/embeddedPostgres.ts';
import { migracionesAlDia } from './platform/db/migrationCheck.ts';
import { tokenSecret } from './platform/db/settings.ts';
import { avisoUrlPublica } from './platform/http/cookies.ts';
import { diferirTrabajo, soltarTrabajoDiferido, trasElArranque } from './platform/http/trabajoDiferido.ts';
import { createJobRunner, type JobRunner } from './platform/jobs/runner.ts';
import { mensajesArranque } from './seed/mensajesArranque.ts';
import { carpetaDesdePlantilla } from './seed/plantillaDatos.ts';
import { prepararDemo } from './seed/semillaArranque.ts';

// Start sequence (docs/ARCHITECTURE.md, «Arranque»): each phase's ms go into the "arranque en" log line (`fases`),
// which bench/arranque.ts reads. performance.now() counts from the process start: the first mark is node + modules.
/** The whole start (main.ts runs it; the production bundle too, through inicio.ts). Resolves once listening. */
export async function arrancarServidor(): Promise<void> {
  const started = performance.now();
  const fases: Record<string, number> = { 'proceso y módulos': Math.round(started) };
  let marca = started;
  const fase = (nombre: string) => {
    const ahora = performance.now();
    fases[nombre] = Math.round(ahora - marca);
    marca = ahora;
  };
  const config = loadConfig();
  await supervisarProcesos(config); // FARO_PROCESOS=N on PostgreSQL: this process supervises N workers (never returns)
  if (!config.databaseUrl) prepararCarpetaNueva(config.dataDir); // ADR 0003: a new folder is PostgreSQL (npm binaries)
  // A new PGlite folder starts as a copy of the migrated template `npm start` builds (no initdb, no migrations).
  const plantilla = config.databaseUrl ? false : carpetaDesdePlantilla(config.dataDir);
  if (plantilla) fase('carpeta desde la plantilla');
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }).catch((error) => {
    console.error(`No se pudo abrir la base de datos: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
  fase('abrir la base de datos');
  let closing = false;
  let verifactu: TrabajadorVerifactu | undefined;
  let efactura: TrabajadorVerifactu | undefined;
  let simulador: { cerrar(): Promise<void> } | undefined;
  let buzon: { cerrar(): Promise<void> } | undefined;
  let copias: { detener(): void } | undefined;
  const shutdown = async (code = 0) => {
    if (closing) return;
    closing = true;
    await verifactu?.detener().catch(() => {});
    await efactura?.detener().catch(() => {});
    await simulador?.cerrar().catch(() => {});
    await buzon?.cerrar().catch(() => {});
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
    // A restart checks the last migration with one query; the migrator (and its messages) only when one is missing.
    const alDia = await migracionesAlDia(database, MIGRATIONS_FOLDER);
    fase('comprobar migraciones');
    if (!alDia) {
      avisos.migrando();
      const migrando = performance.now();
      await migrateDatabase(database);
      avisos.migrado(performance.now() - migrando);
      fase('migraciones');
    }
    const secret = await tokenSecret(database.db, config.tokenSecret);
    fase('secreto');
    // DEMO: the core (companies, users, master data) before listening, the rest after (seed/semillaArranque.ts).
    const opcionesSemilla = { progreso: avisos.pasoSemilla, avance: avisos.avanceSemilla };
    const demo = config.seedDemo ? await prepararDemo(database.db, opcionesSemilla) : undefined;
    fase(demo?.nucleoCreado ? 'semilla: núcleo' : 'semilla: comprobar');
    // FARO_SEMILLA_DIFERIDA=0: the whole demo before listening (the e2e journeys need all of it from their first step).
    if (demo?.resto && process.env.FARO_SEMILLA_DIFERIDA === '0') {
      await demo.resto();
      demo.resto = undefined;
      avisos.semillaHecha();
      fase('semilla: resto');
    } else if (demo?.nucleoCreado) avisos.nucleoHecho();
    // The demo simulators' certificates (a second of blocked event loop) wait for the seed, or a few seconds.
    diferirTrabajo();
    const built = await buildApp({ config, database, secret, logger: true, serveWeb: true });
    app = built.app;
    fase('construir la app');
    // The first answer, whatever it is, is the start's last phase.
    app.server.once('request', (_req, res) => {
      res.once('finish', () => {
        const ms = Math.round(performance.now());
        built.app.log.info({ primeraRespuestaMs: ms }, `primera respuesta a los ${ms} ms del arranque del proceso`);
      });
    });
    await app.listen({ port: config.port, host: config.host });
    fase('escuchar');
    // VeriFactu queue worker (sends each company's pending records); FARO_VERIFACTU_WORKER=0 switches it off.
    if (process.env.FARO_VERIFACTU_WORKER !== '0') {
      const log = app.log;
      verifactu = iniciarTrabajadorVerifactu(database, secret, { log: (m) => log.info(m) });
    }
    // The e-invoice sending queue (SPFE, Peppol, e-mail); FARO_EFACTURA_WORKER=0 switches it off.
    if (process.env.FARO_EFACTURA_WORKER !== '0') {
      const log = app.log;
      efactura = iniciarTrabajadorEfactura(database, (m) => built.deps.mailer.send(m), { log: (m) => log.info(m) });
    }
    // The per-company e-invoice mailbox (inbound SMTP) when FARO_BUZON_DOMINIO is set; loaded only then.
    if (config.buzonEfactura) {
      const log = app.log;
      const o = { ...config.buzonEfactura, log: (m: string) => log.info(m) };
      buzon = await import('./modules/efactura/buzon/servidorSmtp.ts')
        .then((m) => m.iniciarBuzonEfactura(built.deps, o))
        .catch((error) => {
          log.warn(`Buzón de facturas electrónicas: no escucha (${(error as Error).message})`);
          return undefined;
        });
    }
    // Demo: DEMO sends to a local AEAT simulator unless it has a destination (FARO_VERIFACTU_SIMULADOR=0: off).
    if (config.seedDemo && process.env.FARO_VERIFACTU_SIMULADOR !== '0') {
      const log = app.log;
      void trasElArranque()
        .then(() => import('./verifactu/simulador/demoSimulador.ts'))
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
          trabajoPlazosFiscales(built.deps),
          ...trabajosEstadosEfactura(built.deps),
        ],
        log: (m) => log.warn(m),
      });
      jobs.start();
      built.deps.trabajos = jobs;
    }
    // Embedded mode: a daily copy with retention, and one on demand (`npm run backup`); FARO_COPIAS=0 turns it off.
    if (!config.databaseUrl && process.env.FARO_COPIAS !== '0') {
      const log = built.app.log;
      copias = programarCopias(database, config.dataDir, (m) => log.warn(m));
    }
    fase('trabajos');
    avisos.listo(`http://localhost:${config.port}`, config.seedDemo, performance.now());
    const where = config.databaseUrl
      ? 'PostgreSQL (DATABASE_URL)'
      : `${database.embedded ? 'PostgreSQL integrado' : 'PGlite'} en ${config.dataDir}`;
    const avisoUrl = avisoUrlPublica(process.env);
    if (avisoUrl) app.log.warn(avisoUrl);
    app.log.info(
      { fases },
      `Faro escuchando en http://localhost:${config.port} · base de datos: ${where}${demo?.nucleoCreado ? ' · datos de demostración creados (contraseña Demo1234)' : ''} · arranque en ${Math.round(performance.now())} ms`,
    );
    if (demo?.resto) {
      // The rest of the demo after listening: the app answers meanwhile (each step commits on its own).
      const log = built.app.log;
      const resto = demo.resto;
      const desde = performance.now();
      avisos.semillaEnSegundoPlano();
      void resto()
        .then(
          () => {
            avisos.semillaHecha();
            log.info({ semillaMs: Math.round(performance.now() - desde) }, 'datos de demostración completos');
          },
          (error) => {
            if (!closing)
              log.warn(`Demo: no se pudieron completar los datos de demostración (${(error as Error).message})`);
          },
        )
        .finally(soltarTrabajoDiferido);
    } else setTimeout(soltarTrabajoDiferido, 3000).unref();
  } catch (error) {
    console.error('No se pudo arrancar Faro:', error instanceof Error ? error.message : error);
    await shutdown(1);
  }
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGINT', () => void shutdown(0));
}
