// `npm run dev` and the tests' child servers start here (the production entry is inicio.ts): the start sequence
// itself is servidor.ts.
import { arrancarServidor } from './servidor.ts';

await arrancarServidor();
