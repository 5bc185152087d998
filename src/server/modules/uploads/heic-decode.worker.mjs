// Runs in a worker thread of heic-pixels.ts's pool: decodes an HEVC-coded HEIC (what iPhones write) with
// heic-decode, libheif in WebAssembly. That takes about a second of CPU for an iPhone photo, which on the
// main thread would stall every other request. Plain JavaScript, so the thread needs no TypeScript loader.
// Errors cannot cross threads with their class, so the outcome is a plain object heic-pixels.ts maps.
import decodeHeic from 'heic-decode';
import { move, transferableSymbol, valueSymbol } from 'piscina';

const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/** @param {{ buffer: Uint8Array, maxPixels: number }} task */
export default async function decodeHeicInWorker({ buffer, maxPixels }) {
  let images;
  try {
    images = await decodeHeic.all({ buffer });
  } catch (error) {
    return { kind: 'unreadable', message: messageOf(error) };
  }
  try {
    const primary = images[0];
    // The sizes come from the container, before any pixel is decoded: the decompression-bomb check.
    if (primary.width * primary.height > maxPixels) return { kind: 'too-large' };
    let pixels;
    try {
      pixels = await primary.decode();
    } catch (error) {
      return { kind: 'unreadable', message: messageOf(error) };
    }
    if (pixels.data.length !== pixels.width * pixels.height * 4) return { kind: 'unreadable', message: 'short pixel data' };
    const result = { kind: 'pixels', width: pixels.width, height: pixels.height, data: pixels.data };
    // The pixels (48 MB for 12 MP) move to the main thread instead of being copied.
    return move({ [transferableSymbol]: pixels.data.buffer, [valueSymbol]: result });
  } finally {
    images.dispose();
  }
}
