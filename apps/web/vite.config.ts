import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Where `vite dev` and `vite preview` send /api (the server at http://localhost:3000 by default). */
const api = process.env.FARO_API ?? 'http://localhost:3000';

/** The web app: vite dev proxies /api to the server; the server serves dist/ in production. */
export default defineConfig({
  plugins: [react()],
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
