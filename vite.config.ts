// Builds the React client from src/web into dist/client. In development, /api goes to the server.
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { EARLY_INPUT_CAPTURE } from './src/shared/early-input-capture';

/**
 * Vite puts the entry's module script in <head>. A module script there runs as soon as parsing ends and its code
 * is in, which on a fast connection is before the browser's first paint of the prerendered page. Moved to the end
 * of <body> and made `async`, it runs in a task of its own once the code is in: the page paints first. Its module
 * preloads stay in <head>, so the code is still fetched from the start (decision 052).
 */
function entryScriptAfterContent(): Plugin {
  return {
    name: 'entry-script-after-content',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const src = entry.exec(html)?.[1];
        if (!src || !html.includes('</body>')) throw new Error('entry-script-after-content: the entry script or </body> was not found');
        return html.replace(entry, '').replace('</body>', `  <script type="module" async crossorigin src="${src}"></script>\n  </body>`);
      },
    },
  };
}

/**
 * The input capture runs first in <body>, before any button or form is parsed, so what is done on the painted page
 * before the app's code has arrived is remembered (decision 063). Its text is hashed into the Content-Security-Policy
 * as it is.
 */
function earlyInputCapture(): Plugin {
  return {
    name: 'early-input-capture',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const body = /<body[^>]*>/.exec(html)?.[0];
        if (!body) throw new Error('early-input-capture: <body> was not found');
        return html.replace(body, `${body}\n    <script>${EARLY_INPUT_CAPTURE}</script>`);
      },
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // Zod loads lazily, with the first dialog or page that parses a form: every `zod` import goes through
  // the module that turns off its eval probe first (the CSP forbids eval).
  // tsconfigPaths: the #server/#shared/#web import aliases of tsconfig.json.
  resolve: { tsconfigPaths: true, alias: [{ find: /^zod$/, replacement: path.resolve('src/web/zod-without-eval.ts') }] },
  plugins: [react(), tailwindcss(), entryScriptAfterContent(), earlyInputCapture()],
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
