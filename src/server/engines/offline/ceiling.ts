// Finds the ceiling, which a redesign leaves as it is (no preset asks for a painted ceiling). The ceiling is the
// smooth surface hanging from the top of the frame down to the corner where it meets the walls. It is grown from the
// top edge through cells that continue it without a colour step or an edge; if that growth runs far down the
// frame, there was no corner to stop it (white walls up to a white ceiling, or no ceiling in the picture), and no
// ceiling is claimed: the walls are then painted to the top, as before.
import type { SmallImage } from './downscale';

/** Largest colour step (ΔE76) between neighbouring cells inside the ceiling: its shading changes gradually. */
const CEILING_STEP = 3;
/** A cell with more of its guide pixels on an edge than this is a corner, a beam or a fixture, not open ceiling. */
const CEILING_MAX_EDGES = 0.12;
/** A ceiling seen from standing height stays in the upper part of the frame. */
const CEILING_LOWEST = 0.35;
const CEILING_MAX_SHARE = 0.4;

/** `candidate`: cells that may be ceiling (not a view, not a dark detail, above the floor). */
export function findCeiling(small: SmallImage, edges: Float32Array, candidate: (cell: number) => boolean): Uint8Array {
  const { width, height, lab } = small;
  const ceiling = new Uint8Array(width * height);
  const open = (cell: number) => candidate(cell) && edges[cell] <= CEILING_MAX_EDGES;
  const queue: number[] = [];
  for (let x = 0; x < width; x++) {
    if (open(x)) {
      ceiling[x] = 1;
      queue.push(x);
    }
  }
  const lowest = Math.floor(height * CEILING_LOWEST);
  for (let k = 0; k < queue.length; k++) {
    const cell = queue[k];
    const x = cell % width;
    const y = Math.floor(cell / width);
    if (y >= lowest || queue.length > width * height * CEILING_MAX_SHARE) return new Uint8Array(width * height);
    for (const next of [
      x > 0 ? cell - 1 : -1,
      x + 1 < width ? cell + 1 : -1,
      y > 0 ? cell - width : -1,
      y + 1 < height ? cell + width : -1,
    ]) {
      if (next < 0 || ceiling[next] || !open(next)) continue;
      const step = Math.hypot(lab[cell * 3] - lab[next * 3], lab[cell * 3 + 1] - lab[next * 3 + 1], lab[cell * 3 + 2] - lab[next * 3 + 2]);
      if (step > CEILING_STEP) continue;
      ceiling[next] = 1;
      queue.push(next);
    }
  }
  return ceiling;
}
