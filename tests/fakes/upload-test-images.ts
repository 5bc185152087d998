// Test support for the upload normaliser: fixture loading, picture comparison and hand-crafted hostile files.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { createRandom } from '#server/engines/offline/random';

export const ROOM_FIXTURES_DIR = path.resolve('../shared/fixtures/rooms');

export function readFixture(name: string): Promise<Buffer> {
  return readFile(path.join(ROOM_FIXTURES_DIR, name));
}

/**
 * Mean absolute difference per channel (0–255) between two images squeezed to the same small size, so that
 * re-encoding and resampling noise disappears but a rotation, mirror or colour cast does not.
 */
export async function meanAbsoluteDifference(a: Buffer, b: Buffer, size = { width: 64, height: 48 }): Promise<number> {
  const squeeze = (image: Buffer) =>
    sharp(image)
      .autoOrient()
      .resize({ ...size, fit: 'fill' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer();
  const [left, right] = await Promise.all([squeeze(a), squeeze(b)]);
  let total = 0;
  for (let i = 0; i < left.length; i += 1) total += Math.abs(left[i] - right[i]);
  return total / left.length;
}

/** A valid PNG whose IHDR claims `width` × `height`: tiny on disk, a bomb if anyone believes the header. */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
      .png()
      .toBuffer(),
  );
  // Signature (8) + IHDR length (4) + "IHDR" (4), then width and height; the CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

type Box = { type: string; start: number; size: number };

function boxesIn(data: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (let offset = start; offset + 8 <= end;) {
    const size = data.readUInt32BE(offset);
    if (size < 8) throw new Error(`unsupported box size ${size} at ${offset}`);
    boxes.push({ type: data.toString('latin1', offset + 4, offset + 8), start: offset, size });
    offset += size;
  }
  return boxes;
}

function child(data: Buffer, parent: Box, type: string, headerExtra = 0): Box {
  const found = boxesIn(data, parent.start + 8 + headerExtra, parent.start + parent.size).find((box) => box.type === type);
  if (!found) throw new Error(`no ${type} box inside ${parent.type}`);
  return found;
}

function heifBoxes(heic: Buffer) {
  const meta = boxesIn(heic, 0, heic.length).find((box) => box.type === 'meta');
  if (!meta) throw new Error('no meta box');
  // meta is a full box: 4 bytes of version and flags before its children.
  const iprp = child(heic, meta, 'iprp', 4);
  return {
    meta,
    iprp,
    ipco: child(heic, iprp, 'ipco'),
    ipma: child(heic, iprp, 'ipma'),
    iloc: child(heic, meta, 'iloc', 4),
    pitm: child(heic, meta, 'pitm', 4),
  };
}

/** The same HEIC with its `ispe` (declared size) rewritten; the coded pixels are unchanged. */
export function heicDeclaring(heic: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(heic);
  const ispe = child(copy, heifBoxes(copy).ipco, 'ispe');
  copy.writeUInt32BE(width, ispe.start + 12);
  copy.writeUInt32BE(height, ispe.start + 16);
  return copy;
}

/**
 * The same HEIC with an essential `irot` property on its primary item, as a phone held sideways writes it.
 * `quarterTurnsAnticlockwise` is the box's own value (1 = 90° anticlockwise). Handles the simple layout
 * of the fixture (one ipma entry per item, iloc versions 0–2) and throws on anything else.
 */
export function heicWithRotation(heic: Buffer, quarterTurnsAnticlockwise: 1 | 2 | 3): Buffer {
  const { meta, iprp, ipco, ipma, iloc, pitm } = heifBoxes(heic);
  const mdat = boxesIn(heic, 0, heic.length).find((box) => box.type === 'mdat');
  // Shifting every file offset is only right when all coded data sits behind the box that grows.
  if (!mdat || mdat.start < meta.start + meta.size) throw new Error('expected mdat after meta');
  const primaryId = heic.readUInt8(pitm.start + 8) === 0 ? heic.readUInt16BE(pitm.start + 12) : heic.readUInt32BE(pitm.start + 12);
  const propertyIndex = boxesIn(heic, ipco.start + 8, ipco.start + ipco.size).length + 1;
  const irot = Buffer.from([0, 0, 0, 9, ...Buffer.from('irot', 'latin1'), quarterTurnsAnticlockwise]);

  const ipmaVersion = heic.readUInt8(ipma.start + 8);
  const wideIndex = (heic.readUInt32BE(ipma.start + 8) & 1) === 1;
  const association = wideIndex ? Buffer.from([0x80 | (propertyIndex >> 8), propertyIndex & 0xff]) : Buffer.from([0x80 | propertyIndex]);
  let cursor = ipma.start + 16;
  let insertAt = -1;
  let countAt = -1;
  for (let entry = heic.readUInt32BE(ipma.start + 12); entry > 0; entry -= 1) {
    const itemId = ipmaVersion < 1 ? heic.readUInt16BE(cursor) : heic.readUInt32BE(cursor);
    cursor += ipmaVersion < 1 ? 2 : 4;
    const count = heic.readUInt8(cursor);
    if (itemId === primaryId) countAt = cursor;
    cursor += 1 + count * (wideIndex ? 2 : 1);
    if (itemId === primaryId) insertAt = cursor;
  }
  if (insertAt < 0) throw new Error('primary item has no ipma entry');
  const delta = irot.length + association.length;

  const patched = Buffer.from(heic);
  for (const box of [meta, iprp]) patched.writeUInt32BE(box.size + delta, box.start);
  patched.writeUInt32BE(ipco.size + irot.length, ipco.start);
  patched.writeUInt32BE(ipma.size + association.length, ipma.start);
  patched.writeUInt8(patched.readUInt8(countAt) + 1, countAt);
  shiftFileOffsets(patched, iloc, delta);

  const ipcoEnd = ipco.start + ipco.size;
  return Buffer.concat([patched.subarray(0, ipcoEnd), irot, patched.subarray(ipcoEnd, insertAt), association, patched.subarray(insertAt)]);
}

/** Moves every file-addressed item extent by `delta` bytes, because the meta box in front of the data grew. */
function shiftFileOffsets(data: Buffer, iloc: Box, delta: number): void {
  const version = data.readUInt8(iloc.start + 8);
  let cursor = iloc.start + 12;
  const sizes = data.readUInt16BE(cursor);
  cursor += 2;
  const [offsetSize, lengthSize, baseOffsetSize] = [sizes >> 12, (sizes >> 8) & 0xf, (sizes >> 4) & 0xf];
  const indexSize = version >= 1 ? sizes & 0xf : 0;
  const readId = version < 2 ? 2 : 4;
  const itemCount = version < 2 ? data.readUInt16BE(cursor) : data.readUInt32BE(cursor);
  cursor += readId;
  const shift = (at: number, size: number) => {
    if (size === 4) data.writeUInt32BE(data.readUInt32BE(at) + delta, at);
    else if (size === 8) data.writeBigUInt64BE(data.readBigUInt64BE(at) + BigInt(delta), at);
    else throw new Error(`cannot shift a ${size}-byte offset`);
  };
  for (let item = 0; item < itemCount; item += 1) {
    cursor += readId;
    const constructionMethod = version >= 1 ? data.readUInt16BE(cursor) & 0xf : 0;
    cursor += version >= 1 ? 2 : 0;
    cursor += 2; // data_reference_index
    const baseAt = cursor;
    cursor += baseOffsetSize;
    const extentCount = data.readUInt16BE(cursor);
    cursor += 2;
    const fileAddressed = constructionMethod === 0;
    if (fileAddressed && baseOffsetSize > 0) shift(baseAt, baseOffsetSize);
    for (let extent = 0; extent < extentCount; extent += 1) {
      cursor += indexSize;
      if (fileAddressed && baseOffsetSize === 0) shift(cursor, offsetSize);
      cursor += offsetSize + lengthSize;
    }
  }
}

const MAGIC_PREFIXES: Buffer[] = [
  Buffer.from([0xff, 0xd8, 0xff]),
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0', 'latin1')]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...Buffer.from('IHDR', 'latin1')]),
  Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'),
  Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'),
  Buffer.from('\x00\x00\x00\x14ftypmif1\x00\x00\x00\x00mif1', 'latin1'),
  Buffer.from('\x00\x00\x00\x14ftypavif\x00\x00\x00\x00mif1', 'latin1'),
  Buffer.from('GIF89a', 'latin1'),
  Buffer.from('%PDF-1.7', 'latin1'),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">', 'latin1'),
];

/**
 * `count` hostile inputs, the same for the same seed: pure noise, known magic bytes followed by noise, and
 * each fixture truncated, byte-flipped, or both.
 */
export function hostileBuffers(fixtures: Buffer[], count: number, seed: number): { label: string; data: Buffer }[] {
  const random = createRandom(seed);
  const below = (limit: number) => Math.floor(random() * limit);
  const noise = (length: number) => Buffer.from(Array.from({ length }, () => below(256)));
  const cases: { label: string; data: Buffer }[] = [];
  for (let i = 0; cases.length < count; i += 1) {
    const kind = i % 5;
    if (kind === 0) {
      cases.push({ label: `noise #${i}`, data: noise(1 + below(4096)) });
    } else if (kind === 1) {
      const magic = MAGIC_PREFIXES[below(MAGIC_PREFIXES.length)];
      cases.push({
        label: `magic ${magic.subarray(0, 12).toString('hex')} + noise #${i}`,
        data: Buffer.concat([magic, noise(below(8192))]),
      });
    } else {
      const fixtureIndex = below(fixtures.length);
      const source = fixtures[fixtureIndex];
      const truncate = kind !== 2;
      const flip = kind !== 3;
      const data = Buffer.from(truncate ? source.subarray(0, 1 + below(source.length - 1)) : source);
      if (flip) {
        // Half the flips land in the first kilobyte, where the headers a decoder trusts live.
        const flips = 1 + below(16);
        for (let f = 0; f < flips; f += 1) {
          const at = below(random() < 0.5 ? Math.min(1024, data.length) : data.length);
          data[at] = below(256);
        }
      }
      cases.push({ label: `fixture ${fixtureIndex} ${truncate ? 'truncated ' : ''}${flip ? 'flipped ' : ''}#${i}`, data });
    }
  }
  return cases;
}
