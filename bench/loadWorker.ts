/** Worker-thread entry of runLoadInWorker: runs one load loop and posts its result. */
import { parentPort, workerData } from 'node:worker_threads';
import { type LoadSpec, runLoad } from './load.ts';

parentPort!.postMessage(await runLoad(workerData as LoadSpec));
