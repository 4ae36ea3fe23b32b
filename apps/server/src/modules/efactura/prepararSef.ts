import { asegurarSef } from './validador.ts';

/**
 * `npm test` runs this first (root package.json `pretest`): the EN 16931 rules compiled to SEF once, so no test
 * pays the minute of compiling. Nothing is done when the cached file exists.
 */
const inicio = Date.now();
const fichero = await asegurarSef();
console.log(`EN 16931 (SEF): ${fichero} (${Math.round((Date.now() - inicio) / 1000)} s)`);
