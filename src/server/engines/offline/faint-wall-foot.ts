// Something set in a wall a little above the floor (an inset: a fireplace's glass, a low built-in's black face) has
// a long straight foot with the floor's colour under it. Where the wall and the floor are alike (a pale grey wall over
// a pale grey carpet), the colour model and the growth run the floor up to that foot, and the strip of wall and
// skirting under it takes the new floor. The wall's own foot there is too faint for the edge finder: a step of two or
// three levels of lightness, lost in the carpet's grain pixel by pixel.
//
// It is found along the room's perspective instead (decision 101). Beside the thing, the foot of something that stands
// on the floor (a cupboard's plinth) lies lower. Both run along the wall, so their lines meet where every line along
// that wall meets, and the wall's foot is one of the lines through that point between them. Averaged along the thing's
// whole length, the lightness steps across the right line well above the grain: the lowest line that steps about as
// much as the strongest is the wall's foot (a skirting shows a step at its top and at its foot).
import { guideLightness, type GuideImage } from './downscale';
import type { Segment } from './line-segments';

/** The thing's foot: at least this share of the grid's width, and within NOT_STEEPER of level. */
const THING_MIN_LENGTH = 0.1;
/** The neighbour's foot may be shorter: a cupboard beside a fireplace is a third of its width. */
const NEIGHBOUR_MIN_LENGTH = 0.04;
const NOT_STEEPER = (45 * Math.PI) / 180;
/** The neighbour's nearer end lies within this share of the grid's width of the thing's end, along the wall. */
const NEIGHBOUR_GAP = 0.04;
/**
 * The wall round an inset runs on past its ends: the wall's foot is carried this share of the grid's width past the
 * inset's far end (its near end meets the neighbour), so no sliver of floor stands beside it.
 */
const PAST_END = 0.02;
/**
 * The neighbour's line lies this many cells below the thing's foot, at least, at both of its ends (a strip of wall
 * worth clearing) and at most this share of the height (further down, it stands on the floor in front).
 */
const MIN_DROP = 1.5;
const MAX_DROP = 0.15;
/** Floor share in the cells just under a foot, and at most just above it. */
const FLOOR_UNDER = 0.8;
const FLOOR_ABOVE = 0.5;
/** The wall's foot steps at least this much in lightness (L*, across two guide pixels), averaged along its length. */
const MIN_STEP = 1.2;
/** The lowest line whose step is at least this share of the strongest one's is the wall's foot. */
const FOOT_SHARE = 0.5;

type Line = { x1: number; x2: number; y: (x: number) => number };

function lineOf(segment: Segment, scale: number): Line {
  const slope = (segment.y2 - segment.y1) / (segment.x2 - segment.x1);
  return {
    x1: Math.min(segment.x1, segment.x2) / scale,
    x2: Math.max(segment.x1, segment.x2) / scale,
    y: (x: number) => segment.y1 / scale + (x - segment.x1 / scale) * slope,
  };
}

/** Mean floor share of the cells from `from` to `to` cells below `line` (negative: above), along its length. */
function floorBeside(line: Line, floorShare: Float32Array, width: number, height: number, from: number, to: number): number {
  let sum = 0;
  let count = 0;
  for (let x = Math.max(0, Math.ceil(line.x1)); x <= Math.floor(line.x2) && x < width; x++) {
    for (let d = from; d <= to; d++) {
      const y = Math.floor(line.y(x + 0.5) + d);
      if (y < 0 || y >= height) continue;
      sum += floorShare[y * width + x];
      count++;
    }
  }
  return count ? sum / count : 0;
}

/**
 * Clears the floor (in `floorShare`, a `width` × `height` grid) between each long foot with floor under it and the
 * wall's foot found under it along the room's perspective. `segments` are in the coordinates of `guide`, `scale` times
 * the grid.
 */
export function clearWallUnderInsets(
  floorShare: Float32Array,
  width: number,
  height: number,
  segments: readonly Segment[],
  guide: GuideImage,
  scale: number,
): void {
  const level = segments
    .filter((s) => s.x1 !== s.x2 && Math.atan2(Math.abs(s.y2 - s.y1), Math.abs(s.x2 - s.x1)) <= NOT_STEEPER)
    .map((segment) => ({ segment, line: lineOf(segment, scale) }));
  const standsOnFloor = (line: Line) =>
    floorBeside(line, floorShare, width, height, 1, 3) >= FLOOR_UNDER &&
    floorBeside(line, floorShare, width, height, -3, -1) <= FLOOR_ABOVE;
  const lightness = guideLightness(guide);
  for (const { segment: thingSegment, line: thing } of level) {
    if (thingSegment.length < THING_MIN_LENGTH * width * scale || !standsOnFloor(thing)) continue;
    for (const { segment: neighbourSegment, line: neighbour } of level) {
      if (neighbourSegment === thingSegment || neighbourSegment.length < NEIGHBOUR_MIN_LENGTH * width * scale) continue;
      const gap = Math.max(neighbour.x1 - thing.x2, thing.x1 - neighbour.x2);
      if (gap > NEIGHBOUR_GAP * width || gap < -1) continue;
      // The neighbour's line under the thing, and the thing's over the neighbour, at both ends of each.
      const drops = [thing.x1, thing.x2, neighbour.x1, neighbour.x2].map((x) => neighbour.y(x) - thing.y(x));
      if (drops.some((drop) => drop < MIN_DROP || drop > MAX_DROP * height)) continue;
      if (!standsOnFloor(neighbour)) continue;
      const foot = findFoot(thing, neighbour, lightness, guide, scale);
      if (foot === null) continue;
      // Under the thing, across the gap to the neighbour and a little past its far end (so no sliver of floor is left
      // standing there), the wall down to its foot; over the neighbour, what stands on its foot (a cupboard's doors)
      // up to the thing's line: none of it is floor.
      const clear = (from: number, to: number, bottom: (x: number) => number) => {
        for (let x = Math.max(0, Math.floor(from)); x < Math.ceil(to) && x < width; x++) {
          const top = thing.y(x + 0.5);
          for (let y = Math.max(0, Math.ceil(top - 0.5)); y + 0.5 < bottom(x + 0.5) && y < height; y++) floorShare[y * width + x] = 0;
        }
      };
      const neighbourOnRight = neighbour.x1 + neighbour.x2 > thing.x1 + thing.x2;
      const pastEnd = PAST_END * width;
      if (neighbourOnRight) clear(thing.x1 - pastEnd, Math.max(thing.x2, neighbour.x1), foot);
      else clear(Math.min(thing.x1, neighbour.x2), thing.x2 + pastEnd, foot);
      clear(neighbour.x1, neighbour.x2, neighbour.y);
      break;
    }
  }
}

/**
 * The wall's foot under `thing`: of the lines y = thing + λ (neighbour − thing), λ from 0 to a cell past the
 * neighbour's, the lowest whose mean lightness step along the thing is at least FOOT_SHARE of the strongest; null if
 * none steps MIN_STEP.
 */
function findFoot(thing: Line, neighbour: Line, lightness: Float32Array, guide: GuideImage, scale: number): ((x: number) => number) | null {
  const middle = (thing.x1 + thing.x2) / 2;
  const drop = neighbour.y(middle) - thing.y(middle);
  const at = (lambda: number) => (x: number) => thing.y(x) + lambda * (neighbour.y(x) - thing.y(x));
  const steps: { lambda: number; step: number }[] = [];
  // Half a guide pixel apart at the middle, from a cell under the thing to a cell past the neighbour's line.
  const stride = 0.5 / scale / drop;
  for (let lambda = 1 / drop; lambda <= 1 + 1 / drop; lambda += stride) {
    const y = at(lambda);
    let sum = 0;
    let count = 0;
    for (let gx = Math.ceil(thing.x1 * scale); gx <= Math.floor(thing.x2 * scale) && gx < guide.width; gx++) {
      const gy = Math.round(y((gx + 0.5) / scale) * scale);
      if (gx < 0 || gy < 1 || gy >= guide.height - 1) continue;
      sum += lightness[(gy + 1) * guide.width + gx] - lightness[(gy - 1) * guide.width + gx];
      count++;
    }
    if (count) steps.push({ lambda, step: Math.abs(sum / count) });
  }
  const strongest = Math.max(0, ...steps.map(({ step }) => step));
  if (strongest < MIN_STEP) return null;
  const peaks = steps.filter(
    ({ step }, k) => step >= FOOT_SHARE * strongest && step >= (steps[k - 1]?.step ?? 0) && step >= (steps[k + 1]?.step ?? 0),
  );
  return at(peaks[peaks.length - 1].lambda);
}
