// A contact sheet of the offline preview engine: every labelled room photo (one row each) beside its render in
// every one of the eleven style presets and in a few homeowners' own words, captioned, on one JPEG. It is how
// the engine is looked at before it is called done (issue 19); the sheet is not committed.
//
//   npx tsx scripts/contact-sheet.ts [output.jpg]      (default: .contact-sheet/offline-styles.jpg)
//   npx tsx scripts/contact-sheet.ts --rug 0 [output.jpg]
//
// `--rug N` lays synthetic rug N (quality/synthetic-rug.ts: 0 tan, 1 navy, 2 grey, 3 a striped kilim) into every
// photo but living_room_12mp, which has its own, to look at how floors with a rug are restyled (decision 103).
//
// Photos are rendered at 1280 px on the longest side at most, never enlarged, as an upload is normalised: an
// enlarged photo is softer than any upload, and the engine reads soft corners differently (living_room_1, 1,024 px,
// enlarged to 1,280 px had its soffit above the back wall painted as wall). The sheet stays quick to make (about a
// minute on two cores); tiles are 320 px wide.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { KITCHEN_STYLE_IDS, OUTDOOR_STYLE_IDS } from '#shared/constants';
import { getStylePreset } from '#shared/styles';
import { renderOffline } from '#server/engines/offline/offline-engine';
import { FIGURES_SEED } from '#server/engines/offline/quality/measure-renderer';
import { readRoomLabels, type LabelledRoom } from '#server/engines/offline/quality/room-labels/room-labels';
import { SYNTHETIC_RUGS, withSyntheticRug } from '#server/engines/offline/quality/synthetic-rug';

const ROOMS_DIR = path.resolve('../shared/fixtures/rooms');
const LABELS_DIR = path.resolve('src/server/engines/offline/quality/room-labels');
const { values, positionals } = parseArgs({ options: { rug: { type: 'string' } }, allowPositionals: true });
const rug = values.rug === undefined ? null : SYNTHETIC_RUGS[Number(values.rug)];
if (values.rug !== undefined && !rug) throw new Error(`--rug must be 0 to ${SYNTHETIC_RUGS.length - 1}`);
const output = path.resolve(
  positionals[0] ?? (rug ? `.contact-sheet/offline-styles-rug-${values.rug}.jpg` : '.contact-sheet/offline-styles.jpg'),
);
const RENDER_SIZE = 1280;
const TILE_WIDTH = 320;
const CAPTION_HEIGHT = 26;
/** Homeowners' own words, no preset: colours by surface, a mood scene, and words it cannot draw. */
const OWN_WORDS = ['sage green walls, walnut floor', 'dark moody library', 'white shaker cabinets, brass hardware'];

type Column = {
  caption: string;
  styleId: (typeof KITCHEN_STYLE_IDS)[number] | (typeof OUTDOOR_STYLE_IDS)[number] | null;
  words: string | null;
};

const columns: Column[] = [
  ...[...KITCHEN_STYLE_IDS, ...OUTDOOR_STYLE_IDS].map((styleId) => ({ caption: getStylePreset(styleId).name, styleId, words: null })),
  ...OWN_WORDS.map((words) => ({ caption: `“${words}”`, styleId: null, words })),
];

const escapeXml = (text: string) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

/** A tile: the picture scaled to the tile width, with its caption in a strip underneath. */
async function tile(image: Buffer, caption: string): Promise<{ input: Buffer; height: number }> {
  const picture = await sharp(image).resize({ width: TILE_WIDTH }).jpeg().toBuffer();
  const { height = 0 } = await sharp(picture).metadata();
  const strip = `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_WIDTH}" height="${CAPTION_HEIGHT}">
    <rect width="100%" height="100%" fill="white"/>
    <text x="6" y="18" font-size="13" font-family="Liberation Sans, sans-serif" fill="#222">${escapeXml(caption)}</text></svg>`;
  const input = await sharp({ create: { width: TILE_WIDTH, height: height + CAPTION_HEIGHT, channels: 3, background: 'white' } })
    .composite([
      { input: picture, top: 0, left: 0 },
      { input: Buffer.from(strip), top: height, left: 0 },
    ])
    .jpeg()
    .toBuffer();
  return { input, height: height + CAPTION_HEIGHT };
}

// The labelled photos: the ones the engine's figures are measured on (decision 026).
const photos = (await readdir(LABELS_DIR)).filter((name) => name.endsWith('.json')).map((name) => name.replace(/\.json$/, '.jpg'));
const available = new Set(await readdir(ROOMS_DIR));
const rows: Array<Array<{ input: Buffer; height: number }>> = [];
for (const photo of photos.filter((name) => available.has(name))) {
  const room = photo.replace(/\.jpg$/, '') as LabelledRoom;
  if (rug && room === 'living_room_12mp') continue;
  const upright = await sharp(await readFile(path.join(ROOMS_DIR, photo)))
    .rotate()
    .resize({ width: RENDER_SIZE, height: RENDER_SIZE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 92 })
    .toBuffer();
  const original = rug ? (await withSyntheticRug(upright, readRoomLabels(room), rug)).photo : upright;
  const row = [await tile(original, photo)];
  for (const column of columns) {
    const { image } = await renderOffline({ image: original, styleId: column.styleId, customPrompt: column.words, seed: FIGURES_SEED });
    row.push(await tile(image, column.caption));
  }
  rows.push(row);
  process.stderr.write(`rendered ${photo} in ${columns.length} looks\n`);
}

const rowHeights = rows.map((row) => Math.max(...row.map((cell) => cell.height)));
const width = TILE_WIDTH * (columns.length + 1);
const height = rowHeights.reduce((sum, rowHeight) => sum + rowHeight, 0);
const placed = rows.flatMap((row, index) => {
  const top = rowHeights.slice(0, index).reduce((sum, rowHeight) => sum + rowHeight, 0);
  return row.map((cell, column) => ({ input: cell.input, top, left: column * TILE_WIDTH }));
});
await mkdir(path.dirname(output), { recursive: true });
await sharp({ create: { width, height, channels: 3, background: 'white' } })
  .composite(placed)
  .jpeg({ quality: 85 })
  .toFile(output);
process.stderr.write(`contact sheet: ${output} (${width}×${height}, ${rows.length} photos × ${columns.length} looks)\n`);
