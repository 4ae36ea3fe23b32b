import './app/contextoTemprano.ts';
import './app/datosTempranos.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { RegistroScreens } from './app/lazyScreens.ts';
import { preloadShell } from './platform/prefetch.ts';
import { hasTokens } from './platform/storage.ts';

// Signed in, the company context is already on its way (app/contextoTemprano.ts); the shell's and the screen's
// chunks load beside it, before the first render (app/prefetch.ts): none of the three waits for another, and the
// screen's data call follows the context. Signed out, the first screen is the login: load its chunk before the
// first render so it never suspends (React holds a suspended boundary back for ~300 ms before revealing it).
let firstScreen: Promise<unknown> = Promise.resolve();
if (hasTokens()) preloadShell();
else firstScreen = RegistroScreens.preload().catch(() => {});
void firstScreen.then(() => createRoot(document.getElementById('root') as HTMLElement).render(<App />));
