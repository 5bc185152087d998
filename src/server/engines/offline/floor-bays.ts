// The floor beyond a rug (decision 103). The floor line follows the strongest colour steps near the floor's foot, and
// a rug in the foreground has them all round it: the line runs up its sides and along its far edge, and the floor
// beyond the rug, between the rug and the wall, is left above the line and painted with the walls. That floor still
// runs on, in the same rows, into the floor at the rug's sides: a bay in the floor. Cell by cell a textured floor
// (cracked concrete, a carpet's sun stripes) breaks any rule of small steps, so a bay is judged whole, against the
// floor beside it: its colour, its lightness and its texture.
import type { SmallImage } from './downscale';
import { components } from './grid-filters';
import { median } from './order-statistics';

/** Floor cells this far along the row from a bay's ends are the floor beside it. */
const BESIDE = 6;
/** A bay's mean chroma within this of the floor beside it (Lab units), its mean lightness within BAY_LIGHTNESS. */
const BAY_CHROMA = 5;
const BAY_LIGHTNESS = 15;
/** A bay at least this share as textured as the floor beside it (paint and a sofa's leather are smoother). */
const BAY_TEXTURE = 0.6;
/** Fewer cells than this say nothing; a bay is not more than this share of the floor already found. */
const MIN_CELLS = 12;
const BAY_MAX_SHARE = 0.5;

type Stats = { count: number; l: number; a: number; b: number; texture: number[] };

/**
 * Fills the bays: cells that are not floor but lie, in their row, between two floor cells, taken together where they
 * touch, and filled where they look like the floor beside them. `allowed`: cells that may become floor.
 */
export function fillFloorBays(
  { width, height, lab }: SmallImage,
  texture: Float32Array,
  floorShare: Float32Array,
  allowed: (cell: number) => boolean,
): void {
  const inBay = new Uint8Array(width * height);
  /** Per bay cell, the floor cells at the two ends of its run: the floor beside it. */
  const besideOf = new Map<number, number[]>();
  let found = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (floorShare[row + x] < 0.5) continue;
      found++;
      if (last >= 0 && x - last > 1) {
        let open = true;
        for (let cell = row + last + 1; cell < row + x && open; cell++) open = allowed(cell);
        if (open) {
          const beside: number[] = [];
          for (let k = 0; k < BESIDE; k++) {
            if (last - k >= 0 && floorShare[row + last - k] >= 0.5) beside.push(row + last - k);
            if (x + k < width && floorShare[row + x + k] >= 0.5) beside.push(row + x + k);
          }
          for (let cell = row + last + 1; cell < row + x; cell++) {
            inBay[cell] = 1;
            besideOf.set(cell, beside);
          }
        }
      }
      last = x;
    }
  }
  const filled: number[] = [];
  for (const bay of components(inBay, width, height).areas) {
    if (bay.length < MIN_CELLS) continue;
    const beside = new Set<number>();
    for (const cell of bay) for (const next of besideOf.get(cell) ?? []) beside.add(next);
    const inside = stats(bay, lab, texture);
    const outside = stats([...beside], lab, texture);
    if (outside.count < MIN_CELLS) continue;
    if (Math.hypot(inside.a - outside.a, inside.b - outside.b) > BAY_CHROMA) continue;
    if (Math.abs(inside.l - outside.l) > BAY_LIGHTNESS) continue;
    if (median(inside.texture) < BAY_TEXTURE * median(outside.texture)) continue;
    filled.push(...bay);
  }
  if (filled.length > found * BAY_MAX_SHARE) return;
  for (const cell of filled) floorShare[cell] = 1;
}

function stats(cells: readonly number[], lab: Float32Array, texture: Float32Array): Stats {
  const out: Stats = { count: cells.length, l: 0, a: 0, b: 0, texture: [] };
  for (const cell of cells) {
    out.l += lab[cell * 3];
    out.a += lab[cell * 3 + 1];
    out.b += lab[cell * 3 + 2];
    out.texture.push(texture[cell]);
  }
  out.l /= Math.max(1, cells.length);
  out.a /= Math.max(1, cells.length);
  out.b /= Math.max(1, cells.length);
  return out;
}
