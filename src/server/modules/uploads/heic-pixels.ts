// Decodes HEVC-coded HEIC (what iPhones write) with heic-decode, because sharp's prebuilt libvips has no
// HEVC decoder. The decode runs in a worker thread (heic-decode.worker.mjs): it is about a second of CPU
// per iPhone photo, and on the main thread every other request would wait for it.
import { lazyThreadPool } from '#server/infra/thread-pool';
import { UploadError } from './upload-error';

export type RgbaPixels = { width: number; height: number; data: Uint8ClampedArray };

type WorkerOutcome =
  | { kind: 'pixels'; width: number; height: number; data: Uint8ClampedArray }
  | { kind: 'too-large' }
  | { kind: 'unreadable'; message: string };

// heic-decode refuses files whose *major* brand is not one of these, even when a compatible brand is HEIC.
const MAJOR_BRANDS_HEIC_DECODE_KNOWS = new Set(['mif1', 'msf1', 'heic', 'heix', 'hevc', 'hevx']);

/** Threads start on the first HEIC and stop 10 s after the last. */
const decoderPool = lazyThreadPool<{ buffer: Buffer; maxPixels: number }, WorkerOutcome>(
  new URL('./heic-decode.worker.mjs', import.meta.url),
  10_000,
);

/**
 * Returns upright RGBA pixels: libheif applies the `irot`/`imir` boxes while decoding (checked by the tests
 * with a rotated copy of the fixture), so the caller must not rotate again.
 * Throws LOAD_FAILED for unreadable data and PROCESSING_FAILED for an image over `maxPixels`.
 */
export async function decodeHeicPixels(data: Buffer, maxPixels: number): Promise<RgbaPixels> {
  // A crashed thread (out of memory, a WebAssembly trap) rejects here; the pool replaces it.
  const outcome = await decoderPool()
    .run({ buffer: withKnownMajorBrand(data), maxPixels })
    .catch((error: unknown) => {
      throw new UploadError('LOAD_FAILED', error);
    });
  if (outcome.kind === 'too-large') throw new UploadError('PROCESSING_FAILED');
  if (outcome.kind === 'unreadable') throw new UploadError('LOAD_FAILED', new Error(outcome.message));
  return { width: outcome.width, height: outcome.height, data: outcome.data };
}

function withKnownMajorBrand(data: Buffer): Buffer {
  if (MAJOR_BRANDS_HEIC_DECODE_KNOWS.has(data.toString('latin1', 8, 12))) return data;
  // The sniffer has already found a HEIC/HEIF compatible brand; naming the generic one as major changes nothing else.
  const copy = Buffer.from(data);
  copy.write('mif1', 8, 'latin1');
  return copy;
}
