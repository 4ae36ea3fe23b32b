/**
 * Start time of the production server (issue 22): `apps/server/dist/main.mjs` as `npm start` runs it, embedded
 * data folder, DEMO on. First start on a fresh folder (migrations + demo seed), then restarts on that folder; ms from
 * spawn to the first 200 of `/api/health`, beside the targets (first start with DEMO <= 5 s, restart <= 1 s).
 * Prints, asserts nothing, loopback only. `node --import tsx bench/arranque.ts` runs it alone.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type Cell, mib, ms, num, printTable } from './format.ts';
import { rssOf, spawnServer } from './serverBench.ts';

const RESTARTS = 3;
const FIRST_START_TIMEOUT_MS = 240_000;

export async function benchArranque(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'faro-bench-arranque-'));
  const dataDir = path.join(work, 'data');
  const remove = () => rmSync(work, { recursive: true, force: true });
  process.on('exit', remove);
  const rows: Cell[][] = [];
  const env = { FARO_COPIAS: '0', FARO_TRABAJOS: '0' };
  try {
    console.log(
      `· start-up: load average ${loadavg()
        .map((l) => num(l, 1))
        .join(' ')}`,
    );
    const runs: { label: string; target: string }[] = [
      { label: 'first start, fresh folder, DEMO', target: '<= 5 s' },
      ...Array.from({ length: RESTARTS }, (_, i) => ({ label: `restart ${i + 1}, existing folder`, target: '<= 1 s' })),
    ];
    for (const run of runs) {
      try {
        const server = await spawnServer(dataDir, env, FIRST_START_TIMEOUT_MS);
        const line = await server.startupLine();
        const cpu = cpuMs(server.child.pid!);
        rows.push([
          run.label,
          ms(server.readyMs),
          ms(cpu),
          mib(rssOf(server.child.pid!)),
          run.target,
          /arranque en \d+ ms/.exec(line)?.[0] ?? line.slice(0, 40),
        ]);
        console.log(`· start-up: ${run.label}: ${ms(server.readyMs)}`);
        await server.stop();
      } catch (error) {
        rows.push([run.label, 'failed', '', '', run.target, (error as Error).message.split('\n')[0]]);
      }
    }
    printTable(
      'Start-up of apps/server/dist/main.mjs (spawn -> first 200 of /api/health; PGlite, DEMO on)',
      ['run', 'time', 'server CPU', 'RSS', 'target', 'server line'],
      rows,
    );
    console.log('  (server CPU: user + system time of the server process when it answered, independent of the load)');
  } finally {
    remove();
    process.off('exit', remove);
  }
}

/** User + system CPU time of a process in ms (/proc/PID/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchArranque()
    .then(() => process.exit(0))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
