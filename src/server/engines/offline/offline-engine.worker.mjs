// Runs in a worker thread of render-thread.ts's pool: one offline render (decode, read the room, one pixel pass,
// encode), about 0.6 s of CPU for a 1920 px photo, which on the main thread would stall every other request.
// Plain JavaScript, so the thread starts whether or not its parent has a TypeScript loader (tsx in production,
// Vitest in tests); tsx's API then loads the engine's TypeScript into this thread.
import { Buffer } from 'node:buffer';
import { tsImport } from 'tsx/esm/api';

const { renderOffline } = await tsImport('./offline-engine.ts', import.meta.url);

/**
 * @param {{ input: import('./offline-engine.ts').OfflineRenderInput, progress: import('node:worker_threads').MessagePort }} task
 * The image arrives as a Uint8Array (a Buffer loses its class crossing threads); progress events go back on `progress`.
 */
export default async function renderInWorker({ input, progress }) {
  try {
    const image = Buffer.from(input.image.buffer, input.image.byteOffset, input.image.byteLength);
    return await renderOffline({ ...input, image, onProgress: (event) => progress.postMessage(event) });
  } finally {
    progress.close();
  }
}
