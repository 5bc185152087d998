// Things that stand on the floor and rise above it (a pillar, a column, the side of a kitchen island) are not floor,
// however much their colour looks like it: the colour model took kitchen_2's white pillar for floor, because the
// pillar's foot is in the strip of the photo it learns the floor's colours from, and painted it terracotta.
//
// An upright shows as a long vertical edge that runs from well above the far edge of the floor beside it down past
// where that floor begins: a doorway's frame or a room's corner ends where the floor begins. On one side of the
// edge the object goes on below that row as it was above it (one surface, top to bottom); on the other side the
// wall above gives way to floor. From the edge, the upright takes in the columns that stay one surface across that
// row, up to a pillar's width.
import type { SmallImage } from './downscale';
import type { Segment } from './line-segments';

/** Edges within this of vertical (level photos; the geometry refuses to lay a floor on tilted ones anyway). */
const VERTICAL_WITHIN = (8 * Math.PI) / 180;
/** The shortest edge of an upright, as a share of the height. */
const MIN_LENGTH = 0.25;
/** How far the edge must reach above where the floor beside it begins, and below it (shares of the height). */
const MIN_ABOVE_FLOOR = 0.1;
const MIN_INTO_FLOOR = 0.08;
/** Columns beside the edge whose floor line says where the floor beside it begins. */
const BESIDE = 4;
/** Rows compared above and below where the floor begins (share of the height), and the largest ΔE76 between their
 * mean colours for a column that is one surface across that row. */
const PROBE_ROWS = 0.06;
const SAME_SURFACE = 6;
/** How wide an upright may be, as a share of the width. */
const MAX_WIDTH = 0.1;

export type Upright = { left: number; right: number; bottom: number };

/**
 * Clears `floorShare` inside every upright found among `segments` (in the coordinates of an image `scale` times the
 * small image's size). `line`: per column of `image`, the first floor row the colour model found.
 */
export function clearUprights(
  floorShare: Float32Array,
  line: Int32Array,
  image: SmallImage,
  segments: readonly Segment[],
  scale: number,
): void {
  const { width } = image;
  for (const upright of findUprights(line, image, segments, scale)) {
    for (let x = upright.left; x <= upright.right; x++) {
      for (let y = 0; y < upright.bottom; y++) floorShare[y * width + x] = 0;
    }
  }
}

/** The uprights among `segments`, in cells of `image`: columns `left`…`right`, rows above `bottom`. */
export function findUprights(line: Int32Array, image: SmallImage, segments: readonly Segment[], scale: number): Upright[] {
  const { width, height } = image;
  const probe = Math.max(2, Math.round(PROBE_ROWS * height));
  const uprights: Upright[] = [];
  for (const s of segments) {
    if (Math.atan2(Math.abs(s.x2 - s.x1), Math.abs(s.y2 - s.y1)) >= VERTICAL_WITHIN) continue;
    const top = Math.min(s.y1, s.y2) / scale;
    const bottom = Math.max(s.y1, s.y2) / scale;
    if (bottom - top < MIN_LENGTH * height) continue;
    const x = Math.round((s.x1 + s.x2) / 2 / scale);
    // Where the floor begins beside the edge: the lowest line within a few columns, so a line that climbed the
    // upright itself does not count.
    let floorStarts = 0;
    for (let c = Math.max(0, x - BESIDE); c <= Math.min(width - 1, x + BESIDE); c++) floorStarts = Math.max(floorStarts, line[c]);
    if (floorStarts >= height - probe || floorStarts - probe < 0) continue;
    if (top > floorStarts - MIN_ABOVE_FLOOR * height || bottom < floorStarts + MIN_INTO_FLOOR * height) continue;
    const oneSurface = (c: number) => c >= 0 && c < width && columnStep(image, c, floorStarts, probe) <= SAME_SURFACE;
    const reach = Math.round(MAX_WIDTH * width);
    // The upright lies on the side that stays one surface; an edge with neither side so is a frame or a corner.
    const grow = (direction: -1 | 1) => {
      let far = x;
      while (Math.abs(far + direction - x) <= reach && oneSurface(far + direction)) far += direction;
      return far;
    };
    const leftEnd = grow(-1);
    const rightEnd = grow(1);
    const [left, right] = x - leftEnd >= rightEnd - x ? [leftEnd, x] : [x, rightEnd];
    if (right - left < 1) continue;
    uprights.push({ left, right, bottom: Math.min(height, Math.ceil(bottom)) });
  }
  return uprights;
}

/** ΔE76 between the mean colours of column `x` in the `probe` rows above `row` and the `probe` rows from it down. */
function columnStep({ lab, width }: SmallImage, x: number, row: number, probe: number): number {
  const above = [0, 0, 0];
  const below = [0, 0, 0];
  for (let k = 1; k <= probe; k++) {
    for (let c = 0; c < 3; c++) {
      above[c] += lab[((row - k) * width + x) * 3 + c] / probe;
      below[c] += lab[((row + k - 1) * width + x) * 3 + c] / probe;
    }
  }
  return Math.hypot(above[0] - below[0], above[1] - below[1], above[2] - below[2]);
}
