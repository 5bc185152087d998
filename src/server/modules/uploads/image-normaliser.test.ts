// The upload normaliser against the real room photos, crafted hostile files and a seeded fuzz loop.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants';
import { UPLOAD_ERRORS, type UploadErrorCode } from '#shared/messages';
import { MAX_INPUT_PIXELS, normaliseUpload, sniffImageFormat, type NormalisedUpload } from './image-normaliser';
import {
  heicDeclaring,
  heicWithRotation,
  hostileBuffers,
  meanAbsoluteDifference,
  pngDeclaring,
  readFixture,
} from '#tests/fakes/upload-test-images';
import { asUploadError, UploadError } from './upload-error';

const JPEG_FIXTURES = [
  'bedroom_1.jpg',
  'dining_room_1.jpg',
  'home_office_1.jpg',
  'kitchen_1.jpg',
  'kitchen_1_exif_orientation_6.jpg',
  'kitchen_2.jpg',
  'living_room_1.jpg',
  'living_room_12mp.jpg',
];
// At 64×48, re-encoding and resampling noise stays under 2 on the fixtures; a turned or mirrored room is over 25.
const SAME_PICTURE_MAX_DIFFERENCE = 4;

async function expectUploadError(promise: Promise<unknown>, code: UploadErrorCode): Promise<UploadError> {
  const error = await promise.then(
    () => {
      throw new Error(`expected UploadError ${code}, but the upload was accepted`);
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(UploadError);
  const uploadError = error as UploadError;
  expect(uploadError.code).toBe(code);
  expect(uploadError.message).toBe(UPLOAD_ERRORS[code]);
  return uploadError;
}

/** Checks what every successful result must satisfy, whatever the input was. */
async function expectWellFormed(result: NormalisedUpload): Promise<void> {
  const [image, email] = await Promise.all([sharp(result.image).metadata(), sharp(result.emailCopy).metadata()]);
  expect(sniffImageFormat(result.image)).toBe('jpeg');
  expect(sniffImageFormat(result.emailCopy)).toBe('jpeg');
  expect({ width: image.width, height: image.height }).toEqual(result.processedDimensions);
  expect({ width: email.width, height: email.height }).toEqual(result.emailCopyDimensions);
  expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(LIMITS.uploadMaxEdgePx);
  expect(Math.max(email.width, email.height)).toBeLessThanOrEqual(LIMITS.emailImageMaxPx);
  for (const output of [image, email]) {
    expect(output.space).toBe('srgb');
    expect(output.channels).toBe(3);
    expect(output.exif).toBeUndefined();
    expect(output.icc).toBeUndefined();
    expect(output.xmp).toBeUndefined();
    expect(output.orientation).toBeUndefined();
  }
  expect(result.processedSize).toBe(result.image.length);
}

/** What `fit: inside, withoutEnlargement` should give, allowing sharp's rounding of the short side. */
function expectFitsInside(actual: { width: number; height: number }, source: { width: number; height: number }, box: number) {
  const scale = Math.min(1, box / Math.max(source.width, source.height));
  expect(Math.max(actual.width, actual.height)).toBe(Math.round(Math.max(source.width, source.height) * scale));
  expect(Math.abs(actual.width - source.width * scale)).toBeLessThanOrEqual(1);
  expect(Math.abs(actual.height - source.height * scale)).toBeLessThanOrEqual(1);
}

describe('normaliseUpload: real photos', () => {
  it.each(JPEG_FIXTURES)('normalises %s', async (name) => {
    const data = await readFixture(name);
    const source = await sharp(data).metadata();
    const result = await normaliseUpload(data);

    await expectWellFormed(result);
    expect(result.originalFormat).toBe('jpeg');
    expect(result.originalSize).toBe(data.length);
    expect(result.originalDimensions).toEqual(source.autoOrient);
    expectFitsInside(result.processedDimensions, result.originalDimensions, LIMITS.uploadMaxEdgePx);
    expectFitsInside(result.emailCopyDimensions, result.processedDimensions, LIMITS.emailImageMaxPx);
    expect(await meanAbsoluteDifference(result.image, data)).toBeLessThan(SAME_PICTURE_MAX_DIFFERENCE);
  });

  it('turns the EXIF-rotated kitchen upright: same size and pixels as the upright original', async () => {
    const rotated = await readFixture('kitchen_1_exif_orientation_6.jpg');
    const upright = await readFixture('kitchen_1.jpg');
    expect((await sharp(rotated).metadata()).orientation).toBe(6);

    const [fromRotated, fromUpright] = await Promise.all([normaliseUpload(rotated), normaliseUpload(upright)]);
    expect(fromRotated.originalDimensions).toEqual({ width: 1595, height: 893 });
    expect(fromRotated.processedDimensions).toEqual(fromUpright.processedDimensions);
    expect(fromRotated.emailCopyDimensions).toEqual(fromUpright.emailCopyDimensions);
    expect(await meanAbsoluteDifference(fromRotated.image, fromUpright.image)).toBeLessThan(SAME_PICTURE_MAX_DIFFERENCE);
    // The comparison can fail: the same room upside down is far away.
    const upsideDown = await sharp(fromUpright.image).rotate(180).toBuffer();
    expect(await meanAbsoluteDifference(fromRotated.image, upsideDown)).toBeGreaterThan(SAME_PICTURE_MAX_DIFFERENCE * 2);
  });

  it('drops EXIF and GPS metadata', async () => {
    const tagged = await sharp(await readFixture('kitchen_1.jpg'))
      .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 18/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();

    const result = await normaliseUpload(tagged);
    await expectWellFormed(result);
    for (const output of [result.image, result.emailCopy]) {
      expect(output.includes('Exif')).toBe(false);
      expect(output.includes('iPhone')).toBe(false);
    }
  });
});

describe('normaliseUpload: HEIC from an iPhone', () => {
  let heic: Buffer;
  let jpegTwin: NormalisedUpload;
  beforeAll(async () => {
    heic = await readFixture('kitchen_2.heic');
    jpegTwin = await normaliseUpload(await readFixture('kitchen_2.jpg'));
  });

  it('decodes HEVC HEIC upright and like its JPEG twin', async () => {
    const result = await normaliseUpload(heic);
    await expectWellFormed(result);
    expect(result.originalFormat).toBe('heic');
    expect(result.originalDimensions).toEqual({ width: 2816, height: 2112 });
    expect(result.processedDimensions).toEqual(jpegTwin.processedDimensions);
    expect(result.emailCopyDimensions).toEqual(jpegTwin.emailCopyDimensions);
    expect(await meanAbsoluteDifference(result.image, jpegTwin.image)).toBeLessThan(SAME_PICTURE_MAX_DIFFERENCE);
  });

  it('applies the irot box once: a HEIC stored turned comes out turned the way its container says', async () => {
    // irot 1 = display turned 90° anticlockwise, i.e. 270° clockwise of the stored picture.
    const result = await normaliseUpload(heicWithRotation(heic, 1));
    expect(result.originalDimensions).toEqual({ width: 2112, height: 2816 });
    expect(result.processedDimensions).toEqual({ width: 1440, height: 1920 });
    const expected = await sharp(jpegTwin.image).rotate(270).toBuffer();
    const size = { width: 48, height: 64 };
    expect(await meanAbsoluteDifference(result.image, expected, size)).toBeLessThan(SAME_PICTURE_MAX_DIFFERENCE);
    const turnedTwice = await sharp(jpegTwin.image).rotate(90).toBuffer();
    expect(await meanAbsoluteDifference(result.image, turnedTwice, size)).toBeGreaterThan(SAME_PICTURE_MAX_DIFFERENCE * 2);
  });

  it('refuses a truncated HEIC as LOAD_FAILED', async () => {
    await expectUploadError(normaliseUpload(heic.subarray(0, Math.floor(heic.length / 2))), 'LOAD_FAILED');
    await expectUploadError(normaliseUpload(heic.subarray(0, 300)), 'LOAD_FAILED');
  });

  it('refuses a HEIC declaring more than the pixel cap before decoding it', async () => {
    const started = performance.now();
    await expectUploadError(normaliseUpload(heicDeclaring(heic, 10_000, 10_000)), 'PROCESSING_FAILED');
    // A real decode of this file takes most of a second; refusing from the header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(250);
  });
});

describe('normaliseUpload: other accepted formats', () => {
  let kitchen: Buffer;
  beforeAll(async () => {
    kitchen = await readFixture('kitchen_1.jpg');
  });

  it('accepts a PNG with alpha and flattens transparency onto white', async () => {
    const png = await sharp(kitchen).ensureAlpha(0.5).png().toBuffer();
    const result = await normaliseUpload(png);
    await expectWellFormed(result);
    expect(result.originalFormat).toBe('png');
    expect(result.processedDimensions).toEqual({ width: 1595, height: 893 });

    const clear = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const flattened = await normaliseUpload(clear);
    const { data } = await sharp(flattened.image).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThanOrEqual(250);
  });

  it('accepts lossy and transparent WebP', async () => {
    const webp = await sharp(kitchen).webp({ quality: 80 }).toBuffer();
    const result = await normaliseUpload(webp);
    await expectWellFormed(result);
    expect(result.originalFormat).toBe('webp');
    expect(await meanAbsoluteDifference(result.image, kitchen)).toBeLessThan(SAME_PICTURE_MAX_DIFFERENCE);

    const clear = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .webp({ lossless: true })
      .toBuffer();
    const { data } = await sharp((await normaliseUpload(clear)).image)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThanOrEqual(250);
  });

  it('reads 16-bit and greyscale PNGs, and honours EXIF orientation in WebP', async () => {
    const variants = [
      await sharp(kitchen).toColourspace('rgb16').png().toBuffer(),
      await sharp(kitchen).toColourspace('b-w').ensureAlpha(0.3).png().toBuffer(),
    ];
    for (const png of variants) {
      const result = await normaliseUpload(png);
      await expectWellFormed(result);
      expect(result.processedDimensions).toEqual({ width: 1595, height: 893 });
    }
    // Stored landscape with Orientation 6: displayed, and so normalised, as portrait.
    const webp = await sharp(kitchen).withMetadata({ orientation: 6 }).webp().toBuffer();
    const turned = await normaliseUpload(webp);
    await expectWellFormed(turned);
    expect(turned.originalDimensions).toEqual({ width: 893, height: 1595 });
    const expected = await sharp(kitchen).rotate(90).toBuffer();
    expect(await meanAbsoluteDifference(turned.image, expected, { width: 36, height: 64 })).toBeLessThan(SAME_PICTURE_MAX_DIFFERENCE);
  });

  it('converts a Display P3 photo to untagged sRGB', async () => {
    // Saturated colours, where P3 and sRGB numbers differ enough to show a skipped conversion.
    const srgb = { r: 200, g: 60, b: 40 };
    const swatch = await sharp({ create: { width: 64, height: 48, channels: 3, background: srgb } })
      .png()
      .toBuffer();
    const p3 = await sharp(swatch).withIccProfile('p3').png().toBuffer();
    const p3Numbers = (await sharp(p3).stats()).channels.map((channel) => channel.mean);
    expect(Math.abs(p3Numbers[0] - srgb.r)).toBeGreaterThan(10);

    const [fromP3, fromSrgb] = await Promise.all([normaliseUpload(p3), normaliseUpload(swatch)]);
    await expectWellFormed(fromP3);
    // Against the sRGB swatch through the same JPEG encoder, so only the colour conversion is measured.
    const means = async (jpeg: Buffer) => (await sharp(jpeg).stats()).channels.map((channel) => channel.mean);
    const [p3Means, srgbMeans] = await Promise.all([means(fromP3.image), means(fromSrgb.image)]);
    p3Means.forEach((mean, i) => expect(Math.abs(mean - srgbMeans[i])).toBeLessThan(2));
  });

  it('converts a CMYK JPEG to three-channel sRGB', async () => {
    const cmyk = await sharp(kitchen).toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const result = await normaliseUpload(cmyk);
    await expectWellFormed(result);
    // The CMYK round trip through sharp's built-in profile costs about 7; inverted or mis-read ink is over 50.
    expect(await meanAbsoluteDifference(result.image, kitchen)).toBeLessThan(10);
  });
});

describe('normaliseUpload: refusals', () => {
  let kitchen: Buffer;
  beforeAll(async () => {
    kitchen = await readFixture('kitchen_1.jpg');
  });

  /** The kitchen JPEG with bytes after its end-of-image marker, which decoders ignore, to reach `size`. */
  function paddedTo(size: number): Buffer {
    return Buffer.concat([kitchen, Buffer.alloc(size - kitchen.length)]);
  }

  it('accepts exactly 5 MB and refuses one byte more as FILE_TOO_LARGE', async () => {
    const exactly = paddedTo(LIMITS.uploadMaxBytes);
    const result = await normaliseUpload(exactly);
    expect(result.originalSize).toBe(5 * 1024 * 1024);
    expect(result.processedDimensions).toEqual({ width: 1595, height: 893 });

    await expectUploadError(normaliseUpload(paddedTo(LIMITS.uploadMaxBytes + 1)), 'FILE_TOO_LARGE');
  });

  it('refuses empty and non-image content as INVALID_FORMAT', async () => {
    const notImages = [
      Buffer.alloc(0),
      Buffer.from('Kitchen measurements: 12ft x 14ft. Saved as kitchen.jpg.\n'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>'),
      await sharp(kitchen).resize(64).gif().toBuffer(),
      await sharp(kitchen).resize(64).avif().toBuffer(),
      await sharp(kitchen).resize(64).tiff().toBuffer(),
      Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n'),
    ];
    for (const data of notImages) await expectUploadError(normaliseUpload(data), 'INVALID_FORMAT');
  });

  it('refuses a truncated JPEG and a JPEG header followed by garbage as LOAD_FAILED', async () => {
    await expectUploadError(normaliseUpload(kitchen.subarray(0, 2048)), 'LOAD_FAILED');
    await expectUploadError(normaliseUpload(kitchen.subarray(0, kitchen.length - 5000)), 'LOAD_FAILED');
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(4096, 'not really a photo')]);
    await expectUploadError(normaliseUpload(garbage), 'LOAD_FAILED');
  });

  it('refuses a PNG declaring 30000×30000 quickly and without decoding it', async () => {
    const bomb = await pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    expect(30_000 * 30_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    await expectUploadError(normaliseUpload(bomb), 'PROCESSING_FAILED');
    expect(performance.now() - started).toBeLessThan(250);
    // Decoding 30000×30000 RGB would need 2.7 GB.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('keeps UploadErrors as they are and turns anything else into UNEXPECTED with its cause', () => {
    const known = new UploadError('LOAD_FAILED');
    expect(asUploadError(known, 'UNEXPECTED')).toBe(known);
    const bug = new TypeError('cannot read properties of undefined');
    const wrapped = asUploadError(bug, 'UNEXPECTED');
    expect(wrapped).toBeInstanceOf(Error);
    expect(wrapped.code).toBe('UNEXPECTED');
    expect(wrapped.message).toBe(UPLOAD_ERRORS.UNEXPECTED);
    expect(wrapped.cause).toBe(bug);
  });
});

describe('normaliseUpload: fuzz', () => {
  it('turns 200 hostile inputs into either a valid result or a known UploadError', { timeout: 60_000 }, async () => {
    const names = [...JPEG_FIXTURES, 'kitchen_2.heic'];
    const fixtures = await Promise.all(names.map(readFixture));
    const cases = hostileBuffers(fixtures, 200, 20_261_122);
    const again = hostileBuffers(fixtures, 200, 20_261_122);
    // Buffer.equals, not toEqual: a deep comparison of ~100 MB byte by byte takes minutes.
    expect(again.every((c, i) => c.data.equals(cases[i].data))).toBe(true);

    const outcomes = new Map<string, number>();
    const check = async ({ label, data }: { label: string; data: Buffer }) => {
      let outcome: string;
      try {
        await expectWellFormed(await normaliseUpload(data));
        outcome = 'accepted';
      } catch (error) {
        if (!(error instanceof UploadError)) throw new Error(`${label}: ${String(error)}`, { cause: error });
        expect(error.message, label).toBe(UPLOAD_ERRORS[error.code]);
        // UNEXPECTED would mean a bug of ours slipped through; hostile input must map to a specific code.
        expect(error.code, label).not.toBe('UNEXPECTED');
        outcome = error.code;
      }
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    };
    // Two at a time: the cases are independent, and sharp runs each pipeline on one thread on glibc without jemalloc.
    for (let i = 0; i < cases.length; i += 2) await Promise.all(cases.slice(i, i + 2).map(check));

    expect([...outcomes.values()].reduce((sum, n) => sum + n, 0)).toBe(200);
    expect(outcomes.get('INVALID_FORMAT')).toBeGreaterThan(0);
    expect(outcomes.get('LOAD_FAILED')).toBeGreaterThan(0);
    expect(outcomes.get('accepted')).toBeGreaterThan(0);
  });
});
