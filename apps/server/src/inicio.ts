// The production entry (apps/server/build.mjs bundles it as dist/main.mjs; issue 22): a restart of an embedded
// PostgreSQL folder spawns the postmaster first, then the app's modules load (main.ts, a separate chunk with every
// other dependency) while PostgreSQL starts on the other core. `npm run dev` runs main.ts directly, without this.
import { repoRoot } from './config.ts';
import { arrancarPostmasterPronto } from './platform/db/postmasterPronto.ts';

try {
  arrancarPostmasterPronto(process.env, repoRoot());
} catch {
  // main.ts says what is wrong
}
await import('./main.ts');
