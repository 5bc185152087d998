// The hand-drawn labels of the shared room photos (one JSON file per photo beside this one): polygons in
// relative coordinates (0–1 of the upright photo). The engine never reads them; its quality tests and
// `npm run bench` measure its output inside them. `npx tsx scripts/draw-room-labels.ts` draws them over
// the photos so anyone can check them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SURFACE_LABELS = ['window', 'floor', 'wall', 'ceiling', 'cabinets', 'furniture'] as const;
export type SurfaceLabel = (typeof SURFACE_LABELS)[number];

export type LabelledRegion = { label: SurfaceLabel; note?: string; points: [number, number][] };
export type RoomLabels = { photo: string; regions: LabelledRegion[] };

/** Every labelled photo: the six rooms of the fixtures and the 12 MP living room. */
export const LABELLED_ROOMS = [
  'bedroom_1',
  'dining_room_1',
  'home_office_1',
  'kitchen_1',
  'kitchen_2',
  'living_room_1',
  'living_room_12mp',
] as const;
export type LabelledRoom = (typeof LABELLED_ROOMS)[number];

const HERE = path.dirname(fileURLToPath(import.meta.url));

export function readRoomLabels(room: LabelledRoom): RoomLabels {
  const labels = JSON.parse(readFileSync(path.join(HERE, `${room}.json`), 'utf8')) as RoomLabels;
  for (const region of labels.regions) {
    if (!SURFACE_LABELS.includes(region.label)) throw new Error(`${room}: unknown label ${region.label}`);
    if (region.points.length < 3 || region.points.some(([x, y]) => x < 0 || x > 1 || y < 0 || y > 1)) {
      throw new Error(`${room}: a ${region.label} polygon needs three or more points inside 0..1`);
    }
  }
  return labels;
}

/** A mask (1 inside) of one label's polygons at a given size: even-odd fill, sampled at pixel centres. */
export function labelMask(labels: RoomLabels, label: SurfaceLabel, width: number, height: number): Uint8Array[] {
  return labels.regions.filter((region) => region.label === label).map((region) => polygonMask(region.points, width, height));
}

export function polygonMask(points: readonly [number, number][], width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  const xs = points.map(([x]) => x * width);
  const ys = points.map(([, y]) => y * height);
  for (let row = 0; row < height; row++) {
    const cy = row + 0.5;
    const crossings: number[] = [];
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      if (ys[i] > cy !== ys[j] > cy) crossings.push(xs[i] + ((cy - ys[i]) / (ys[j] - ys[i])) * (xs[j] - xs[i]));
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(0, Math.ceil(crossings[k] - 0.5));
      const to = Math.min(width - 1, Math.floor(crossings[k + 1] - 0.5));
      for (let col = from; col <= to; col++) mask[row * width + col] = 1;
    }
  }
  return mask;
}
