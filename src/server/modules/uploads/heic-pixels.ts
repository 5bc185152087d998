// Decodes HEVC-coded HEIC (what iPhones write) with heic-decode, because sharp's prebuilt libvips has no HEVC decoder.
import decodeHeic from 'heic-decode';
import { UploadError } from './upload-error';

export type RgbaPixels = { width: number; height: number; data: Uint8ClampedArray };

// heic-decode refuses files whose *major* brand is not one of these, even when a compatible brand is HEIC.
const MAJOR_BRANDS_HEIC_DECODE_KNOWS = new Set(['mif1', 'msf1', 'heic', 'heix', 'hevc', 'hevx']);

/**
 * Returns upright RGBA pixels: libheif applies the `irot`/`imir` boxes while decoding (checked by the tests
 * with a rotated copy of the fixture), so the caller must not rotate again.
 * Throws LOAD_FAILED for unreadable data and PROCESSING_FAILED for an image over `maxPixels`.
 */
export async function decodeHeicPixels(data: Buffer, maxPixels: number): Promise<RgbaPixels> {
  let images: Awaited<ReturnType<typeof decodeHeic.all>>;
  try {
    images = await decodeHeic.all({ buffer: withKnownMajorBrand(data) });
  } catch (error) {
    throw new UploadError('LOAD_FAILED', error);
  }
  try {
    const primary = images[0];
    // The sizes come from the container, before any pixel is decoded: the decompression-bomb check.
    if (primary.width * primary.height > maxPixels) throw new UploadError('PROCESSING_FAILED');
    const pixels = await primary.decode().catch((error: unknown) => {
      throw new UploadError('LOAD_FAILED', error);
    });
    if (pixels.data.length !== pixels.width * pixels.height * 4) throw new UploadError('LOAD_FAILED');
    return pixels;
  } finally {
    images.dispose();
  }
}

function withKnownMajorBrand(data: Buffer): Buffer {
  if (MAJOR_BRANDS_HEIC_DECODE_KNOWS.has(data.toString('latin1', 8, 12))) return data;
  // The sniffer has already found a HEIC/HEIF compatible brand; naming the generic one as major changes nothing else.
  const copy = Buffer.from(data);
  copy.write('mif1', 8, 'latin1');
  return copy;
}
