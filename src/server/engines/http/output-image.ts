// Every provider's result leaves as the same thing the offline engine makes: an upright JPEG, quality 90,
// at most 1920 px on its longest side — and anything that is not an image is a clear provider failure.
import sharp, { type Metadata } from 'sharp';
import type { HttpClient } from './http-client';

const MAX_SIDE = 1920;
const JPEG_QUALITY = 90;

export type OutputSize = {
  /** A smaller image is enlarged (Lanczos) to this long side, so every result shows at the product's size. */
  minLongSide?: number;
};

export async function toOutputJpeg(image: Buffer, http: HttpClient, size: OutputSize = {}): Promise<Buffer> {
  const notAnImage = () =>
    http.error(`${http.label} returned an output that is not an image (${image.length} bytes)`, { transient: false });
  let metadata: Metadata;
  try {
    metadata = await sharp(image).metadata();
  } catch {
    throw notAnImage();
  }
  if (!metadata.width || !metadata.height) throw notAnImage();
  // Already what we store (most models answer JPEG): keep the provider's bytes rather than pay a second lossy
  // encode. The render job decodes it fully for the preview right after, so a damaged file still fails the render.
  const upright = !metadata.orientation || metadata.orientation === 1;
  const longSide = Math.max(metadata.width, metadata.height);
  const tooSmall = size.minLongSide !== undefined && longSide < size.minLongSide;
  if (metadata.format === 'jpeg' && metadata.space === 'srgb' && upright && longSide <= MAX_SIDE && !tooSmall) return image;
  const target = tooSmall ? size.minLongSide! : MAX_SIDE;
  try {
    return await sharp(image)
      // EXIF orientation applied to the pixels, so the result shows the room the way the homeowner took it.
      .rotate()
      .resize({ width: target, height: target, fit: 'inside', withoutEnlargement: !tooSmall, kernel: 'lanczos3' })
      // PNG and WebP results may carry alpha; JPEG has none, so transparent parts become white, not black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
  } catch {
    throw http.error(`${http.label} returned an image that could not be decoded (${metadata.format ?? 'unknown format'})`, {
      transient: false,
    });
  }
}
