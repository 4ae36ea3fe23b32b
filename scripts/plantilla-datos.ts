// Builds apps/server/dist/plantilla-datos (the migrated PGlite folder a first start copies).
// scripts/build-if-changed.mjs runs it when the migrations change: `node --import tsx scripts/plantilla-datos.ts`.
// `… plantilla-datos.ts <folder> postgres` builds the embedded-PostgreSQL template instead.
import { crearPlantilla, crearPlantillaPostgres } from '../apps/server/src/seed/plantillaDatos.ts';

if (process.argv[3] === 'postgres') await crearPlantillaPostgres(process.argv[2]);
else await crearPlantilla(process.argv[2]);
