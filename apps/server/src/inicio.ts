// The production entry (apps/server/build.mjs bundles it as dist/main.mjs). It loads the server bundle
// (dist/servidor.cjs) with its V8 code cache (cargaConCache.ts); running that bundle only evaluates the early
// postmaster start, so a restart of an embedded PostgreSQL folder spawns the postmaster first, then the app's modules
// are evaluated (cargarServidor) while PostgreSQL starts on the other core; a new folder's template copy runs
// meanwhile too. `npm run dev` runs main.ts directly, without this.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cargarConCache } from './cargaConCache.ts';
import type * as Entrada from './entradaServidor.ts';

/** servidor.cjs's content hash, put here by build.mjs: the code cache's key. */
declare const __FARO_HASH_SERVIDOR__: string;

const bundle = cargarConCache<typeof Entrada>(
  fileURLToPath(new URL('./servidor.cjs', import.meta.url)),
  __FARO_HASH_SERVIDOR__,
  (especificador) => import(especificador),
);
const { arrancarPostmasterPronto, cargarServidor, copiarPlantillaPronto, repoRoot } = bundle.exports;
try {
  const root = repoRoot();
  arrancarPostmasterPronto(process.env, root);
  // A new folder: the template's copy runs in the background while the modules load (PLANTILLA_POSTGRES's path).
  copiarPlantillaPronto(
    process.env.FARO_PLANTILLA_POSTGRES ?? path.join(root, 'apps/server/dist/plantilla-postgres'),
    process.env,
    root,
  );
} catch {
  // servidor.ts says what is wrong
}
const { arrancarServidor } = await cargarServidor();
await arrancarServidor();
// Listening: the code cache for the next start, once the first requests have compiled their functions too (or at
// exit, for a process stopped sooner). Nothing to do when this start used one.
if (bundle.cache !== 'usada') {
  setTimeout(() => bundle.guardarCache(), 3000).unref();
  process.once('exit', () => bundle.guardarCache());
}
