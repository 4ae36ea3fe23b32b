// The production bundle's entry (dist/servidor.cjs, one CommonJS file with the server and its pure-JS
// dependencies, which inicio.ts compiles with a V8 code cache). Only the early postmaster start is evaluated when the
// bundle runs: the rest of the app (servidor.ts and everything it imports) is evaluated by cargarServidor(), after
// inicio.ts has started PostgreSQL, so the two share one copy of postmasterPronto.ts's state.
export { repoRoot } from './config.ts';
export { arrancarPostmasterPronto, copiarPlantillaPronto } from './platform/db/postmasterPronto.ts';

/** Evaluates the app's modules and returns the start sequence. */
export const cargarServidor = () => import('./servidor.ts');
