import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Where `vite dev` and `vite preview` send /api (the server at http://localhost:3000 by default). */
const api = process.env.FARO_API ?? 'http://localhost:3000';

/**
 * The toasts' store alone (platform/ui/notify.ts), without the package's <Notifications> container: the package
 * exports only its barrel, and the barrel in the first load brings the container with it (the container
 * is a lazy chunk, app/App.tsx). Typed in src/platform/ui/notificationsStore.d.ts.
 */
const notificationsStore = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/notifications')),
  '../esm/notifications.store.mjs',
);

/** The web app: vite dev proxies /api to the server; the server serves dist/ in production. */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { 'mantine-notifications-store': notificationsStore } },
  server: {
    port: 5173,
    proxy: { '/api': { target: api, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: api, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Room for findBy* waits of up to 10 s (src/test/setup.ts) when the whole suite shares two cores.
    testTimeout: 30_000,
  },
});
