// Draws the offline engine's reading of room photos over them: which cells it takes for floor, walls, furniture or
// cabinetry, dark details and small accents, and which it leaves as photographed (the view through a window, the
// ceiling). A misread shows at a glance: a sunlit stretch of wall left as if it were a window, a ceiling painted with
// the walls. The labelled photos by default (as taken, or as the tests vary them), or any photos given (JPEG, PNG,
// WebP or HEIC, normalised as an upload is), each read at the size asked for. Writes
// test-results/room-reading/<photo>-<variant>-<size>.png, or <photo>-<size>.png for a photo given; not committed.
//
//   npx tsx scripts/draw-room-reading.ts [--variant "as taken"|mirrored|darker|warmer] [--size 960] [photo.jpg ...]
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { PHOTO_VARIANTS, photoVariant, type PhotoVariant } from '#server/engines/offline/quality/measure-renderer';
import { roomRoles } from '#server/engines/offline/quality/room-reading';
import { LABELLED_ROOMS } from '#server/engines/offline/quality/room-labels/room-labels';
import { REGION_ROLES, type RegionRole, type RoleMap } from '#server/engines/offline/room-roles';
import { normaliseUpload } from '#server/modules/uploads/image-normaliser';
import { legendSvg } from './lib/legend';

/** Each reading's colour and name in the key; the floor is drawn over whatever the cell would be without it. */
const READINGS: Record<RegionRole | 'floor', { colour: readonly [number, number, number]; name: string }> = {
  floor: { colour: [249, 115, 22], name: 'floor' },
  walls: { colour: [163, 230, 53], name: 'walls' },
  feature: { colour: [250, 204, 21], name: 'furniture, cabinetry' },
  dark: { colour: [99, 102, 241], name: 'dark details' },
  accent: { colour: [244, 63, 94], name: 'accents' },
  keep: { colour: [56, 189, 248], name: 'left as photographed' },
};
const OPACITY = 0.45;
const legend = legendSvg(Object.values(READINGS).map(({ colour: [r, g, b], name }) => [name, `rgb(${r},${g},${b})`]));
const OUT_DIR = path.resolve('test-results/room-reading');

const { values, positionals } = parseArgs({
  options: { variant: { type: 'string', default: 'as taken' }, size: { type: 'string', default: '960' } },
  allowPositionals: true,
});

try {
  const variant = values.variant as PhotoVariant;
  const size = Number(values.size);
  if (!PHOTO_VARIANTS.includes(variant)) throw new Error(`--variant must be one of ${PHOTO_VARIANTS.join(', ')}`);
  if (!Number.isInteger(size) || size < 240) throw new Error('--size must be a whole number of pixels, at least 240');
  if (positionals.length && variant !== 'as taken') throw new Error('--variant applies to the labelled photos only');
  mkdirSync(OUT_DIR, { recursive: true });
  if (positionals.length) {
    for (const file of positionals) {
      // As an upload reaches the engine (upright, sRGB, at most 1920 px; HEIC decoded), then at the size asked for.
      const { image, processedDimensions } = await normaliseUpload(readFileSync(file));
      const fits = Math.max(processedDimensions.width, processedDimensions.height) <= size;
      const photo = fits ? image : await sharp(image).resize(size, size, { fit: 'inside' }).jpeg({ quality: 92 }).toBuffer();
      await draw(photo, `${path.parse(file).name}-${size}`);
    }
  } else {
    for (const room of LABELLED_ROOMS) {
      const { photo } = await photoVariant(room, size, variant);
      await draw(photo, `${room}-${variant.replace(' ', '-')}-${size}`);
    }
  }
} catch (error) {
  // A wrong argument or an unreadable photo: say so, without a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}

async function draw(photo: Buffer, name: string) {
  const roles = await roomRoles(photo);
  const { width, height } = await sharp(photo).metadata();
  const overlay = await sharp(readingPixels(roles), { raw: { width: roles.width, height: roles.height, channels: 4 } })
    .resize(width, height, { kernel: 'nearest', fit: 'fill' })
    .png()
    .toBuffer();
  const file = path.join(OUT_DIR, `${name}.png`);
  await sharp(photo)
    .composite([{ input: overlay }, { input: legend, top: 0, left: 0 }])
    .png()
    .toFile(file);
  process.stdout.write(`${file}\n`);
}

/** The reading as RGBA cells of the analysis grid. */
function readingPixels({ cells, floor, width, height }: RoleMap): Buffer {
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = READINGS[floor[i] >= 0.5 ? 'floor' : REGION_ROLES[cells[i]]].colour;
    pixels.set([r, g, b, Math.round(255 * OPACITY)], i * 4);
  }
  return pixels;
}
