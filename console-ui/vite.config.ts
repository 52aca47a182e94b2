import path from 'node:path';
import { defineConfig } from 'vite';

// The staff console's bundle: built by scripts/build.mjs into dist/console-ui/, served by the
// service under /console. No inline script (the CSP forbids it), no outside URL.
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  publicDir: false,
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: path.resolve(import.meta.dirname, '../dist/console-ui'),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    target: 'es2022',
    sourcemap: false,
  },
});
