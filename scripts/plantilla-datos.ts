// Builds apps/server/dist/plantilla-datos (the migrated PGlite folder a first start copies; issue 22).
// scripts/build-if-changed.mjs runs it when the migrations change: `node --import tsx scripts/plantilla-datos.ts`.
import { crearPlantilla } from '../apps/server/src/seed/plantillaDatos.ts';

await crearPlantilla(process.argv[2]);
