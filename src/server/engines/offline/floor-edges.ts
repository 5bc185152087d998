// The floor reaches its straight edges. Where the floor and the foot of a wall are alike in colour (a grey concrete
// floor along a shaded grey wall, a glare band along a heater), the colour model stops the floor short of the wall and
// leaves a jagged strip that takes the wall's paint. The foot of the wall shows as a long straight edge with the floor
// on one side of it and none on the other: the strip between the floor and that edge is floor.
import type { Segment } from './line-segments';

/** Edges shorter than this share of the width are not a floor's edge. */
const MIN_LENGTH = 0.1;
/** Edges within this of vertical are pillars and corners, not where a floor ends. */
const NOT_STEEPER = (70 * Math.PI) / 180;
/** How far from the edge the strip may reach (share of the height), and how far beyond it the floor is looked for. */
const STRIP = 0.05;
const LOOK = 0.12;
/** Mean floor share beyond the strip on the floor side, and at most on the other side, for the edge to bound a floor. */
const FLOOR_SIDE = 0.6;
const OTHER_SIDE = 0.25;
/** Two edges within this angle of each other are parallel. */
const PARALLEL = (10 * Math.PI) / 180;

/**
 * Sets to floor the cells (of a `width` × `height` grid) between the floor and each straight edge that bounds it.
 * `segments` are in the coordinates of an image `scale` times the grid; `allowed` says which cells may become floor.
 */
export function reachFloorEdges(
  floorShare: Float32Array,
  width: number,
  height: number,
  segments: readonly Segment[],
  scale: number,
  allowed: (cell: number) => boolean,
): void {
  const strip = STRIP * height;
  const look = LOOK * height;
  for (const s of segments) {
    if (s.length < MIN_LENGTH * width * scale) continue;
    if (Math.atan2(Math.abs(s.y2 - s.y1), Math.abs(s.x2 - s.x1)) > NOT_STEEPER) continue;
    const x1 = s.x1 / scale;
    const y1 = s.y1 / scale;
    const dx = (s.x2 - s.x1) / scale;
    const dy = (s.y2 - s.y1) / scale;
    const length = Math.hypot(dx, dy);
    // Unit normal pointing down the picture (toward where a floor below the edge would be).
    let nx = -dy / length;
    let ny = dx / length;
    if (ny < 0) [nx, ny] = [-nx, -ny];
    // Mean floor share in a band at signed distances [from, to] along the normal, over the edge's length.
    const band = (from: number, to: number) => {
      let sum = 0;
      let count = 0;
      for (let t = 0; t <= length; t += 1) {
        for (let d = from; d <= to; d += 1) {
          const x = Math.floor(x1 + (dx * t) / length + nx * d);
          const y = Math.floor(y1 + (dy * t) / length + ny * d);
          if (x < 0 || y < 0 || x >= width || y >= height) continue;
          sum += floorShare[y * width + x];
          count++;
        }
      }
      return count ? sum / count : 0;
    };
    let side = 0;
    if (band(strip, look) >= FLOOR_SIDE && band(-look, -2) <= OTHER_SIDE) side = 1;
    else if (band(-look, -strip) >= FLOOR_SIDE && band(2, look) <= OTHER_SIDE) side = -1;
    if (!side) continue;
    // A skirting board shows two edges: the strip is filled from the lower one only, or the board would be floor.
    const shadowed = segments.some((o) => {
      if (o === s || o.length < MIN_LENGTH * width * scale) return false;
      const turn = Math.abs(Math.sin(Math.atan2(o.y2 - o.y1, o.x2 - o.x1) - Math.atan2(dy, dx)));
      if (turn > Math.sin(PARALLEL)) return false;
      const mx = (o.x1 + o.x2) / 2 / scale - x1;
      const my = (o.y1 + o.y2) / 2 / scale - y1;
      const along = (mx * dx + my * dy) / length;
      const across = (mx * nx + my * ny) * side;
      return along >= 0 && along <= length && across > 0.5 && across <= strip;
    });
    if (shadowed) continue;
    for (let t = 0; t <= length; t += 0.5) {
      for (let d = 0.5; d <= strip; d += 0.5) {
        const x = Math.floor(x1 + (dx * t) / length + nx * d * side);
        const y = Math.floor(y1 + (dy * t) / length + ny * d * side);
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const cell = y * width + x;
        if (allowed(cell)) floorShare[cell] = 1;
      }
    }
  }
}
