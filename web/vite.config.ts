import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));
const shared = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));

// Build settings the SPA reads (see src/config/env.ts). Defaults keep `npm start` working with nothing set.
process.env.VITE_SUPPORT_EMAIL ??= 'support@example.com';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': src, '@touchline/shared': shared },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Names each page's chunks, for the first-load size budget (web/src/first-load-budget.spec.ts, npm run bench:web).
    manifest: true,
    // Every browser the app supports preloads modules natively; the polyfill would only add to the first load.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The app, and the page the embedded provider's silent sign-in loads in an iframe.
      input: { main: 'index.html', 'silent-renew': 'silent-renew.html' },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}'],
    css: false,
    // Above Testing Library's 5 s wait (vitest.setup.ts), so a slow machine fails on what a test waits for,
    // with its message, rather than on the test's own clock.
    testTimeout: 15_000,
  },
});
