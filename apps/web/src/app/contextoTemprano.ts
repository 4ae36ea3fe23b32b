import { pedirContextoAlArrancar } from '../platform/session/arranque.ts';

// Imported first by the entry module (main.tsx): a signed-in page load asks for the company context here, before
// the rest of the entry chunk (React, Mantine, the domain's tables) is evaluated, so the call travels while the
// browser does that work and loads the shell's and the screen's chunks.
pedirContextoAlArrancar();
