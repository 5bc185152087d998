// Why one render of a labelled photo scores what it does in the offline engine's redesign figures (issue 19): where
// the layout guard loses (the SSIM of the two edge maps, window by window, summed by hand-drawn label) and which wall
// or floor polygon holds the worst blotch (the spread of the chroma shift). redesign-figures.ts says which renders a
// change moved; this says where in the picture. Writes test-results/render-diagnosis/<photo>-<look>.png, the photo,
// the render and the guard's loss over the photo (red: the windows that lose; the floor's inside, left out, dimmed),
// one above the other; not committed.
//
//   npx tsx scripts/diagnose-render.ts <photo> <preset or "own words"> [--variant "as taken"|mirrored|darker|warmer] [--size 960]
//   npx tsx scripts/diagnose-render.ts home_office_1 contemporary-luxe
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { renderOffline } from '#server/engines/offline/offline-engine';
import { edgeMaps, ssimWindows } from '#server/engines/offline/quality-metrics';
import {
  FIGURES_SEED,
  floorInterior,
  lookName,
  PHOTO_VARIANTS,
  photoVariant,
  PRESET_LOOKS,
  type Look,
  type PhotoVariant,
} from '#server/engines/offline/quality/measure-renderer';
import { chromaShiftSpread, toLabImage } from '#server/engines/offline/quality/redesign-figures';
import { LABELLED_ROOMS, polygonMask, SURFACE_LABELS, type LabelledRoom } from '#server/engines/offline/quality/room-labels/room-labels';

const OUT_DIR = path.resolve('test-results/render-diagnosis');
/** Pixels the measure's 256 px map is drawn at, per map pixel. */
const ZOOM = 3;

const print = (line: string) => process.stdout.write(`${line}\n`);

const { values, positionals } = parseArgs({
  options: { variant: { type: 'string', default: 'as taken' }, size: { type: 'string', default: '960' } },
  allowPositionals: true,
});

try {
  const [room, lookArgument] = positionals;
  const variant = values.variant as PhotoVariant;
  const size = Number(values.size);
  if (!LABELLED_ROOMS.includes(room as LabelledRoom)) throw new Error(`the photo must be one of ${LABELLED_ROOMS.join(', ')}`);
  if (!lookArgument) throw new Error('name a preset (modern-minimalist, …) or give the homeowner’s words in quotes');
  if (!PHOTO_VARIANTS.includes(variant)) throw new Error(`--variant must be one of ${PHOTO_VARIANTS.join(', ')}`);
  if (!Number.isInteger(size) || size < 240) throw new Error('--size must be a whole number of pixels, at least 240');
  const preset = PRESET_LOOKS.find((look) => look.styleId === lookArgument);
  await diagnose(room as LabelledRoom, preset ?? { styleId: null, customPrompt: lookArgument }, variant, size);
} catch (error) {
  // A wrong argument: say so, without a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}

async function diagnose(room: LabelledRoom, look: Look, variant: PhotoVariant, size: number) {
  const { photo, labels } = await photoVariant(room, size, variant);
  const render = (await renderOffline({ image: photo, ...look, seed: FIGURES_SEED })).image;
  print(`${room} / ${lookName(look)}, ${variant}, ${size} px, seed ${FIGURES_SEED}`);

  // The layout guard, window by window. A window counts for the first label it lies in, in SURFACE_LABELS' order;
  // "unlabelled" is what lies between the polygons (corners, frames, the wall's foot).
  const maps = await edgeMaps(photo, render, (width, height) => floorInterior(labels, width, height));
  const { width, height } = maps.photo;
  const windows = ssimWindows(maps.photo, maps.render, 7, maps.skip);
  const labelOf = new Int8Array(width * height).fill(-1);
  for (const region of labels.regions) {
    const index = SURFACE_LABELS.indexOf(region.label);
    const mask = polygonMask(region.points, width, height);
    for (let i = 0; i < mask.length; i++) if (mask[i] && (labelOf[i] < 0 || index < labelOf[i])) labelOf[i] = index;
  }
  const compared = windows.filter((value) => !Number.isNaN(value));
  const counted = compared.length;
  const guard = compared.reduce((sum, value) => sum + value, 0) / counted;
  print(`layout guard ${guard.toFixed(4)} over ${counted} windows; its loss (1 − SSIM) by label:`);
  for (const [index, name] of [...SURFACE_LABELS.map((label, i) => [i, label] as const), [-1, 'unlabelled'] as const]) {
    let count = 0;
    let loss = 0;
    for (let i = 0; i < windows.length; i++) {
      if (Number.isNaN(windows[i]) || labelOf[i] !== index) continue;
      count++;
      loss += 1 - windows[i];
    }
    if (count === 0) continue;
    const share = `${((100 * count) / counted).toFixed(0)} % of the windows`.padEnd(20);
    print(`  ${name.padEnd(11)} ${share} mean loss ${(loss / count).toFixed(3)}, ${(loss / counted).toFixed(4)} of the guard`);
  }

  // The blotch figure: the chroma shift's spread inside each wall and floor polygon.
  const [before, after] = await Promise.all([toLabImage(photo), toLabImage(render)]);
  print('chroma-shift spread (the blotch figure, bar 5) by polygon:');
  for (const region of labels.regions) {
    if (region.label !== 'wall' && region.label !== 'floor') continue;
    const spread = chromaShiftSpread(before, after, polygonMask(region.points, before.width, before.height));
    print(`  ${spread.toFixed(2).padStart(5)}  ${region.label}${region.note ? `: ${region.note}` : ''}`);
  }

  mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(
    OUT_DIR,
    `${room}-${variant.replace(' ', '-')}-${lookName(look)
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')}.png`,
  );
  await sharp({ create: { width: width * ZOOM, height: height * ZOOM * 3, channels: 3, background: 'black' } })
    .composite([
      {
        input: await sharp(photo)
          .resize(width * ZOOM, height * ZOOM, { fit: 'fill' })
          .png()
          .toBuffer(),
        top: 0,
        left: 0,
      },
      {
        input: await sharp(render)
          .resize(width * ZOOM, height * ZOOM, { fit: 'fill' })
          .png()
          .toBuffer(),
        top: height * ZOOM,
        left: 0,
      },
      { input: await lossOverPhoto(photo, windows, maps.skip, width, height), top: 2 * height * ZOOM, left: 0 },
    ])
    .png()
    .toFile(file);
  print(file);
}

/** The guard's loss per window in red over the photo in grey; the pixels left out of the guard darker still. */
async function lossOverPhoto(photo: Buffer, windows: Float64Array, skip: Uint8Array | undefined, width: number, height: number) {
  const grey = await sharp(photo).resize(width, height, { fit: 'fill' }).grayscale().raw().toBuffer();
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const base = grey[i] * (skip?.[i] ? 0.15 : 0.4);
    const loss = Number.isNaN(windows[i]) ? 0 : Math.min(1, Math.max(0, (1 - windows[i]) * 1.5));
    pixels.set([Math.round(base + (255 - base) * loss), Math.round(base * (1 - loss)), Math.round(base * (1 - loss))], i * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .resize(width * ZOOM, height * ZOOM, { kernel: 'nearest' })
    .png()
    .toBuffer();
}
