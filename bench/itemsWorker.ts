/**
 * Worker-thread entry of `runItemsInWorker` (bench/load.ts): `concurrency` keep-alive lanes over a list of
 * requests, one request per item, bounded in time, on the bare-socket client.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ConexionCruda } from './clienteCrudo.ts';
import type { MultiResult, MultiSpec } from './load.ts';

const { base, headers, items, concurrency, maxSeconds, warmup } = workerData as MultiSpec;
const lanes = Array.from({ length: concurrency }, () => new ConexionCruda(base, headers));
const out: MultiResult = { latencies: [], statuses: {}, errors: 0, seconds: 0, bytes: 0 };
const warm = items.slice(0, warmup);
let next = warm.length;
await Promise.all(
  lanes.map(async (lane) => {
    for (let item = warm.shift(); item; item = warm.shift())
      await lane.send(item.method, item.path, item.body).catch(() => {});
  }),
);
const t0 = performance.now();
const deadline = t0 + maxSeconds * 1000;
await Promise.all(
  lanes.map(async (lane) => {
    while (next < items.length && performance.now() < deadline) {
      const item = items[next++]!;
      try {
        const r = await lane.send(item.method, item.path, item.body);
        out.latencies.push(r.ms);
        out.bytes += r.bytes;
        out.statuses[r.status] = (out.statuses[r.status] ?? 0) + 1;
        if (r.status >= 300 && !out.firstFailure) out.firstFailure = `${r.status} ${item.path} ${r.text}`;
      } catch (e) {
        out.errors++;
        if (!out.firstFailure) out.firstFailure = String((e as Error)?.message);
      }
    }
  }),
);
out.seconds = (performance.now() - t0) / 1000;
for (const lane of lanes) lane.close();
parentPort!.postMessage(out);
