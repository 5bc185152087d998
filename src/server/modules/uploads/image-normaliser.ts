// Server-side normaliser for uploaded room photos: checks size and type, then makes the upright sRGB JPEG the
// renderer gets (≤ 1920 px) and the small copy mail embeds (≤ 1000 px). The server decides; the client only helps.
import sharp, { type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import { LIMITS } from '#shared/constants';
import { decodeHeicPixels } from './heic-pixels';
import { sniffImageFormat, type ImageFormat } from './image-format';
import { asUploadError, UploadError } from './upload-error';

// The public API lives in one module so callers need one import.
export { sniffImageFormat, type ImageFormat } from './image-format';
export { UploadError } from './upload-error';

/**
 * Decompression-bomb cap on declared width × height. 50 MP is above any phone camera's default output
 * (12–48 MP) and keeps the worst-case decode near 200 MB of RGBA. Refusing it is PROCESSING_FAILED, not
 * LOAD_FAILED: the file is well formed, we decline to process it, and LOAD_FAILED would tell the homeowner
 * the file is corrupted, which is false.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

export type Dimensions = { width: number; height: number };

export type NormalisedUpload = {
  image: Buffer;
  emailCopy: Buffer;
  originalFormat: ImageFormat;
  originalSize: number;
  processedSize: number;
  originalDimensions: Dimensions;
  processedDimensions: Dimensions;
  emailCopyDimensions: Dimensions;
};

type Encoded = { data: Buffer; info: OutputInfo };

const SHARP_INPUT: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // sharp's own default, stated because it matters: untrusted input with corrupt or truncated pixel data
  // is refused (LOAD_FAILED) rather than stored half-grey.
  failOn: 'warning',
};
const JPEG_QUALITY = Math.round(LIMITS.uploadJpegQuality * 100);
const EMAIL_JPEG_QUALITY = Math.round(LIMITS.emailImageJpegQuality * 100);
// Huffman-table optimisation is a second pass over the coefficients: measured on the 12 MP fixture it took the
// 1920 px encode from 12 ms to 36 ms and saved only 1% of the bytes (about 5 ms for 1% on the email copy).
const JPEG_ENCODER = { mozjpeg: false, optimiseCoding: false } as const;
const WHITE = { r: 255, g: 255, b: 255 };

export async function normaliseUpload(data: Buffer): Promise<NormalisedUpload> {
  try {
    return await normalise(data);
  } catch (error) {
    throw asUploadError(error, 'UNEXPECTED');
  }
}

async function normalise(data: Buffer): Promise<NormalisedUpload> {
  if (data.length === 0) throw new UploadError('INVALID_FORMAT');
  if (data.length > LIMITS.uploadMaxBytes) throw new UploadError('FILE_TOO_LARGE');
  const originalFormat = sniffImageFormat(data);
  if (!originalFormat) throw new UploadError('INVALID_FORMAT');

  const input = sharp(data, SHARP_INPUT);
  const originalDimensions = await readDisplayedDimensions(input);
  const upright = await decodeUpright(data, originalFormat, input, originalDimensions);
  const emailCopyPipeline = emailJpeg(upright.image.data);
  const emailCopy = await emailCopyPipeline.toBuffer({ resolveWithObject: true }).catch((error: unknown) => {
    throw new UploadError('PROCESSING_FAILED', error);
  });

  return {
    image: upright.image.data,
    emailCopy: emailCopy.data,
    originalFormat,
    originalSize: data.length,
    processedSize: upright.image.data.length,
    originalDimensions: upright.originalDimensions,
    processedDimensions: dimensionsOf(upright.image.info),
    emailCopyDimensions: dimensionsOf(emailCopy.info),
  };
}

async function decodeUpright(
  data: Buffer,
  format: ImageFormat,
  input: Sharp,
  originalDimensions: Dimensions,
): Promise<{ image: Encoded; originalDimensions: Dimensions }> {
  // Built outside the try: a bad argument is our bug (UNEXPECTED), not a bad file.
  const pipeline = uprightJpeg(input);
  try {
    return { image: await pipeline.toBuffer({ resolveWithObject: true }), originalDimensions };
  } catch (error) {
    if (format !== 'heic' && format !== 'heif') throw new UploadError(classifyDecodeFailure(error), error);
  }
  // Expected for iPhone photos: sharp's prebuilt binary reads HEIF headers but has no HEVC decoder.
  const pixels = await decodeHeicPixels(data, MAX_INPUT_PIXELS);
  const raw = uprightJpeg(sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } }));
  const image = await raw.toBuffer({ resolveWithObject: true }).catch((error: unknown) => {
    throw new UploadError('PROCESSING_FAILED', error);
  });
  return { image, originalDimensions: { width: pixels.width, height: pixels.height } };
}

/** Reads only the header; the pixel cap is enforced here, before anything is decoded. */
async function readDisplayedDimensions(input: Sharp): Promise<Dimensions> {
  const metadata = await input.metadata().catch((error: unknown) => {
    throw new UploadError(classifyDecodeFailure(error), error);
  });
  const { width, height } = metadata.autoOrient;
  if (!(width > 0 && height > 0)) throw new UploadError('LOAD_FAILED');
  if (width * height > MAX_INPUT_PIXELS) throw new UploadError('PROCESSING_FAILED');
  return { width, height };
}

/**
 * One decode for everything: orientation, resize and encode run in a single libvips pipeline, so a large JPEG
 * is shrunk while it is decoded (shrink-on-load) and no intermediate image is copied out between the steps.
 */
function uprightJpeg(input: Sharp): Sharp {
  return input
    .autoOrient()
    .resize({ width: LIMITS.uploadMaxEdgePx, height: LIMITS.uploadMaxEdgePx, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: WHITE })
    .toColourspace('srgb')
    .jpeg({ quality: JPEG_QUALITY, ...JPEG_ENCODER });
}

/** Made from the ≤ 1920 px JPEG, not the original: decoding that small file costs far less than a second full decode. */
function emailJpeg(image: Buffer): Sharp {
  return sharp(image)
    .resize({ width: LIMITS.emailImageMaxPx, height: LIMITS.emailImageMaxPx, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: EMAIL_JPEG_QUALITY, ...JPEG_ENCODER });
}

/**
 * sharp decodes, resizes and encodes in one lazy pipeline and its errors do not say which stage failed. The
 * resize and encode steps work on pixels libvips has already validated, so what fails there in practice is the
 * untrusted file (libjpeg, libpng, libwebp, ICC or failOn warnings, in many wordings): LOAD_FAILED. Only
 * running out of resources, or sharp's own pixel limit (the bomb guard again), is a processing failure. Bad
 * arguments throw while the pipeline is built, before this is reached, and surface as UNEXPECTED.
 */
function classifyDecodeFailure(error: unknown): 'LOAD_FAILED' | 'PROCESSING_FAILED' {
  const message = error instanceof Error ? error.message : String(error);
  return /pixel limit|out of memory|memory allocation/i.test(message) ? 'PROCESSING_FAILED' : 'LOAD_FAILED';
}

function dimensionsOf(info: OutputInfo): Dimensions {
  return { width: info.width, height: info.height };
}
