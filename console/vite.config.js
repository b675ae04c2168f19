import { defineConfig } from 'vite';

// Served by the HTTP API at /console/ (same origin). Maven runs the build; the output lands in the
// module's classes as static/console, so the jar carries it. Everything is bundled: no request
// leaves the origin at run time.
export default defineConfig({
  base: './', // relative: the console works wherever the API is mounted (/console/, /api/console/)
  build: {
    outDir: 'target/classes/static/console',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
});
