/**
 * A small HTTP load loop (keep-alive lanes on the bare-socket client, clienteCrudo.ts), plus percentiles; `request` is
 * the node:http one-off for setup calls. No timing is ever asserted: callers print.
 * `runLoadInWorker` runs the same loop on a worker thread so that the client does not share the event loop of an
 * in-process server.
 */
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { ConexionCruda } from './clienteCrudo.ts';

export interface HttpResult {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

export function request(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; agent?: http.Agent } = {},
): Promise<HttpResult> {
  const url = new URL(path, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string | number> = { ...options.headers };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: options.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
            ms: performance.now() - t0,
          }),
        );
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`timeout ${method} ${path}`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export interface LoadSpec {
  base: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  concurrency: number;
  /** Bounds: whichever comes first. */
  maxRequests: number;
  maxSeconds: number;
  /** Requests sent (and not recorded) before measuring. */
  warmup: number;
}

export interface LoadResult {
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
  /** Where the client ran. */
  client: 'worker' | 'same thread';
}

/** `concurrency` keep-alive lanes on the bare-socket client (clienteCrudo.ts), the same request over and over. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const conexiones = Array.from({ length: spec.concurrency }, () => new ConexionCruda(spec.base, spec.headers ?? {}));
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  try {
    let warm = 0;
    const warmLane = async (c: ConexionCruda) => {
      while (warm++ < spec.warmup) await c.send(spec.method, spec.path).catch(() => {});
    };
    await Promise.all(conexiones.map(warmLane));
    let issued = 0;
    const t0 = performance.now();
    const deadline = t0 + spec.maxSeconds * 1000;
    const lane = async (c: ConexionCruda) => {
      while (issued < spec.maxRequests && performance.now() < deadline) {
        issued++;
        try {
          const r = await c.send(spec.method, spec.path);
          latencies.push(r.ms);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        } catch {
          errors++;
        }
      }
    };
    await Promise.all(conexiones.map(lane));
    return { latencies, statuses, errors, seconds: (performance.now() - t0) / 1000, client: 'same thread' };
  } finally {
    for (const c of conexiones) c.close();
  }
}

const liveWorkers = new Set<Worker>();
let stopped = false;

/** Stops running load workers (on a signal); later loads are refused. */
export function stopWorkers(): void {
  stopped = true;
  for (const worker of liveWorkers) void worker.terminate();
}

/** Runs a worker entry of this folder (tsx registered inside it) on `data`; resolves with the one message it posts. */
function inWorker<T>(file: string, data: unknown, limitMs?: number): Promise<T> {
  if (stopped) return Promise.reject(new Error('stopped'));
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL(file, import.meta.url).href;
  const source = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: data });
    liveWorkers.add(worker);
    const timer = limitMs
      ? setTimeout(() => {
          void worker.terminate();
          reject(new Error('load worker over its time limit'));
        }, limitMs)
      : undefined;
    worker.once('message', (result: T) => {
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      liveWorkers.delete(worker);
      reject(new Error(`load worker exited (${code})`));
    });
  });
}

/** The loop on a worker thread; falls back to this thread if the worker cannot start. */
export async function runLoadInWorker(spec: LoadSpec): Promise<LoadResult> {
  try {
    return { ...(await inWorker<LoadResult>('./loadWorker.ts', spec)), client: 'worker' };
  } catch (error) {
    if (stopped) throw new Error('stopped');
    console.log(`  (load worker failed: ${error instanceof Error ? error.message : error}; client on the same thread)`);
    return runLoad(spec);
  }
}

export interface MultiResult {
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
  bytes: number;
  firstFailure?: string;
}

export interface MultiSpec {
  base: string;
  headers: Record<string, string>;
  items: { method: string; path: string; body?: unknown }[];
  concurrency: number;
  maxSeconds: number;
  warmup: number;
}

/** `concurrency` keep-alive lanes over a list of requests on a worker thread (itemsWorker.ts), bounded in time. */
export const runItemsInWorker = (spec: MultiSpec): Promise<MultiResult> =>
  inWorker<MultiResult>('./itemsWorker.ts', spec, (spec.maxSeconds + 60) * 1000);

/** `fn` over the items, `concurrency` at a time in this process, bounded in time. */
export async function runInProcess<T>(
  items: T[],
  concurrency: number,
  maxSeconds: number,
  fn: (item: T) => Promise<void>,
): Promise<MultiResult> {
  const out: MultiResult = { latencies: [], statuses: {}, errors: 0, seconds: 0, bytes: 0 };
  let next = 0;
  const t0 = performance.now();
  const deadline = t0 + maxSeconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length && performance.now() < deadline) {
        const item = items[next++]!;
        const s = performance.now();
        try {
          await fn(item);
          out.latencies.push(performance.now() - s);
          out.statuses.ok = (out.statuses.ok ?? 0) + 1;
        } catch (error) {
          out.errors++;
          out.firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  out.seconds = (performance.now() - t0) / 1000;
  return out;
}

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

/** Nearest-rank percentiles, in the unit of the samples. */
export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : Number.NaN);
  const sum = s.reduce((a, b) => a + b, 0);
  return {
    n: s.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    mean: s.length ? sum / s.length : Number.NaN,
    max: s.length ? s[s.length - 1]! : Number.NaN,
  };
}

export function requestsPerSecond(result: LoadResult): number {
  return result.latencies.length / result.seconds;
}
