// Builds the React client from src/web into dist/client. In development, /api goes to the server.
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // Zod loads lazily, with the first dialog or page that parses a form: every `zod` import goes through
  // the module that turns off its eval probe first (the CSP forbids eval).
  // tsconfigPaths: the #server/#shared/#web import aliases of tsconfig.json.
  resolve: { tsconfigPaths: true, alias: [{ find: /^zod$/, replacement: path.resolve('src/web/zod-without-eval.ts') }] },
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // React and the few modules that every page and most lazy chunks share go in one chunk rather than
    // many small ones: fewer requests, and one gzip dictionary (issue 10's home page budget).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/](shared[\\/](constants|pages)|web[\\/](lib[\\/](router|session-store|lazy)|features[\\/](auth[\\/]components[\\/]session-provider|workflow[\\/](index|components[\\/]workflow-provider))))\./,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
