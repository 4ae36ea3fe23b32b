import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { RegistroScreens } from './app/lazyScreens.ts';
import { hasTokens } from './platform/storage.ts';

// Logged out, the first screen is the login: load its chunk before the first render so it never suspends (React
// holds a suspended boundary back for ~300 ms before revealing it).
const firstScreen = hasTokens() ? Promise.resolve() : RegistroScreens.preload().catch(() => {});
void firstScreen.then(() => createRoot(document.getElementById('root') as HTMLElement).render(<App />));
