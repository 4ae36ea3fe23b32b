// The production entry (apps/server/build.mjs bundles it as dist/main.mjs; issue 22): a restart of an embedded
// PostgreSQL folder spawns the postmaster first, then the app's modules load (main.ts, a separate chunk with every
// other dependency) while PostgreSQL starts on the other core; a new folder's template copy runs meanwhile too.
// `npm run dev` runs main.ts directly, without this.
import path from 'node:path';
import { repoRoot } from './config.ts';
import { arrancarPostmasterPronto, copiarPlantillaPronto } from './platform/db/postmasterPronto.ts';

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
  // main.ts says what is wrong
}
await import('./main.ts');
