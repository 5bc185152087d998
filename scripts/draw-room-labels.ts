// Draws the hand-drawn room labels (src/server/engines/offline/quality/room-labels/) over their photos, so anyone can
// check them: test-results/room-labels/<photo>.png, one colour per surface. Not committed.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { LABELLED_ROOMS, readRoomLabels, type SurfaceLabel } from '#server/engines/offline/quality/room-labels/room-labels';
import { legendSvg } from './lib/legend';

const COLOURS: Record<SurfaceLabel, string> = {
  window: '#38bdf8',
  floor: '#f97316',
  wall: '#a3e635',
  ceiling: '#e879f9',
  cabinets: '#facc15',
  furniture: '#f43f5e',
};
const WIDTH = 1000;
const OUT_DIR = path.resolve('test-results/room-labels');

mkdirSync(OUT_DIR, { recursive: true });
for (const room of LABELLED_ROOMS) {
  const labels = readRoomLabels(room);
  const photo = sharp(path.resolve('../shared/fixtures/rooms', labels.photo)).rotate().resize(WIDTH);
  const { data, info } = await photo.png().toBuffer({ resolveWithObject: true });
  const polygons = labels.regions
    .map(({ label, points }) => {
      const at = points.map(([x, y]) => `${(x * info.width).toFixed(1)},${(y * info.height).toFixed(1)}`).join(' ');
      return `<polygon points="${at}" fill="${COLOURS[label]}" fill-opacity="0.35" stroke="${COLOURS[label]}" stroke-width="2"/>`;
    })
    .join('');
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${info.width}" height="${info.height}">${polygons}</svg>`;
  const file = path.join(OUT_DIR, `${room}.png`);
  await sharp(data)
    .composite([{ input: Buffer.from(overlay) }, { input: legendSvg(Object.entries(COLOURS)), top: 0, left: 0 }])
    .png()
    .toFile(file);
  process.stdout.write(`${file}\n`);
}
