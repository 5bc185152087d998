// The room's perspective, from its straight edges: where the vertical edges meet (the vertical vanishing point,
// at infinity when the photo was taken level), and the two horizontal directions of a box-shaped room (the
// vanishing points on the horizon). From those, the camera's focal length, roll, pitch and turn, and so the floor
// plane: each pixel below the horizon maps to a point on the floor, in metres, for laying a floor material in
// perspective. Nothing is claimed when the edges do not agree on a room; the engine then recolours the floor.
import type { Segment } from './line-segments';

/** Segments within this of the image's vertical are candidates for the room's vertical edges. */
const VERTICAL_WITHIN = (20 * Math.PI) / 180;
/** A segment supports a vanishing point when it points within this of it. */
const INLIER_ANGLE = (1.5 * Math.PI) / 180;
/** Only the longest segments propose vanishing points (every pair of them is tried). */
const PROPOSERS = 50;
/** A vanishing point this many long sides from the centre is at infinity (the lines are parallel in the photo). */
const AT_INFINITY = 12;
/**
 * The most the camera may be turned about its view (a photo held a little crooked leans every vertical edge the same
 * way): beyond this the lean is more likely a lens's distortion or a wrong vertical point than the camera's roll.
 */
const MAX_ROLL = (8 * Math.PI) / 180;
/** The most two horizon points may differ in height, once the roll is taken out (share of the long side). */
const HORIZON_AGREEMENT = 0.06;
/** Focal lengths in long sides: a phone's main camera is about 0.75, a real-estate wide angle about 0.45. */
const FOCAL_RANGE = [0.3, 1.6] as const;
const TYPICAL_FOCAL = 0.6;
/** The depth direction must be supported by edges this long in total (share of the long side). */
const MIN_SUPPORT = 0.6;
/** Height of the camera above the floor: a photo taken standing, at chest height. */
export const CAMERA_HEIGHT = 1.4;

/**
 * The camera, in units of the photo's long side about its centre (so it holds at any size): how far it is turned
 * about its view (roll, clockwise in the photo), and in the photo turned back level, its focal length, the principal
 * point, how far it looks down (pitch) and how far the room's depth direction is turned from its view (yaw).
 */
export type RoomGeometry = {
  roll: number;
  focal: number;
  principalX: number;
  principalY: number;
  pitch: number;
  yaw: number;
  /** Horizon height in long sides from the centre (negative above it), in the photo turned back level. */
  horizon: number;
  /** Total length of the edges that agree on the depth direction, in long sides. */
  support: number;
};

type Line = { a: number; b: number; c: number; mx: number; my: number; dx: number; dy: number; length: number };
type Point = readonly [number, number, number];

/** The room's perspective from `segments` found on an image of `width` × `height`, or null if they disagree. */
export function estimateRoomGeometry(segments: readonly Segment[], width: number, height: number): RoomGeometry | null {
  const scale = Math.max(width, height);
  const seen = segments.map((s) => toLine(s, width, height, scale, 0));
  const isVertical = (line: Line) =>
    Math.abs(Math.atan2(line.dx, line.dy)) < VERTICAL_WITHIN || Math.abs(Math.atan2(-line.dx, -line.dy)) < VERTICAL_WITHIN;
  const seenVertical = bestVanishingPoint(seen.filter(isVertical))?.point ?? ([0, 1, 0] as Point);
  // The verticals meet straight below (or above) the centre of a camera held level; their lean from there is its
  // roll, taken out by turning every edge back before the rest is read. A level camera's verticals meet at infinity.
  const [vx, vy] = seenVertical[1] < 0 ? [-seenVertical[0], -seenVertical[1]] : seenVertical;
  const roll = Math.atan2(vx, vy);
  if (Math.abs(roll) > MAX_ROLL) return null;
  const lines = segments.map((s) => toLine(s, width, height, scale, roll));
  const verticals = lines.filter(isVertical);
  const others = lines.filter((line) => !isVertical(line));
  const vertical = bestVanishingPoint(verticals)?.point ?? ([0, 1, 0] as Point);
  const verticalFinite = isFinite(vertical);

  const first = bestVanishingPoint(others);
  if (!first) return null;
  const rest = others.filter((line) => !supports(line, first.point));
  const second = bestVanishingPoint(rest);
  const horizontal = [first, second].filter((found) => found !== null && isFinite(found.point)) as Found[];
  if (!horizontal.length) return null;
  const onHorizon = horizontal.filter((found) => Math.abs(yOf(found.point) - yOf(horizontal[0].point)) <= HORIZON_AGREEMENT);
  const horizon =
    onHorizon.reduce((sum, found) => sum + yOf(found.point) * found.support, 0) / onHorizon.reduce((sum, found) => sum + found.support, 0);

  // A level photo (parallel verticals) may have been straightened, which moves its centre of view onto the horizon.
  const principalY = verticalFinite ? 0 : horizon;
  if (verticalFinite && (yOf(vertical) - principalY) * (horizon - principalY) >= 0) return null;
  let focal = NaN;
  if (onHorizon.length === 2) {
    const [p, q] = onHorizon.map((found) => found.point);
    focal = Math.sqrt(-(xOf(p) * xOf(q) + (yOf(p) - principalY) * (yOf(q) - principalY)));
  }
  if (!(focal >= FOCAL_RANGE[0] && focal <= FOCAL_RANGE[1]) && verticalFinite) focal = Math.sqrt(-(yOf(vertical) * horizon));
  if (!(focal >= FOCAL_RANGE[0] && focal <= FOCAL_RANGE[1])) focal = TYPICAL_FOCAL;
  const pitch = Math.atan2(principalY - horizon, focal);

  // The depth direction is the horizon point nearest the centre of view: floorboards run into the room.
  const depth = onHorizon.reduce((best, found) => (Math.abs(xOf(found.point)) < Math.abs(xOf(best.point)) ? found : best));
  if (depth.support < MIN_SUPPORT) return null;
  const ray = toWorld(xOf(depth.point) / focal, (yOf(depth.point) - principalY) / focal, 1, pitch);
  let yaw = Math.atan2(ray[0], ray[2]);
  // A box-shaped room's other horizontal direction is a quarter turn away; either may be called the depth.
  while (yaw > Math.PI / 4) yaw -= Math.PI / 2;
  while (yaw <= -Math.PI / 4) yaw += Math.PI / 2;
  return { roll, focal, principalX: 0, principalY, pitch, yaw, horizon, support: depth.support };
}

/**
 * The 3×3 map from pixel (x, y, 1) of an image `width` × `height` to floor coordinates (u, v, w) in metres, after
 * dividing by w: v runs along the room's depth direction, u across it. Defined below the horizon only (w > 0).
 */
export function floorMapping(geometry: RoomGeometry, width: number, height: number): Float64Array {
  const scale = Math.max(width, height);
  const { roll, focal, principalX, principalY, pitch, yaw } = geometry;
  // Pixel to camera ray: about the photo's centre in long sides, turned back level by the roll, then about the centre
  // of view over the focal length: ((x' - cx) / f, (y' - cy) / f, 1).
  const toCentred = [1 / scale, 0, -width / 2 / scale, 0, 1 / scale, -height / 2 / scale, 0, 0, 1];
  const level = turned(roll);
  const toRay = multiply([1 / focal, 0, -principalX / focal, 0, 1 / focal, -principalY / focal, 0, 0, 1], multiply(level, toCentred));
  // Camera ray to world (x right, y down, z forward, level), pitched down by `pitch`.
  const cos = Math.cos(pitch);
  const sin = Math.sin(pitch);
  const pitched = [1, 0, 0, 0, cos, sin, 0, -sin, cos];
  // Floor point = height × (x, z) / y; turned by the yaw so v is the room's depth.
  const c = Math.cos(yaw);
  const s = Math.sin(yaw);
  const h = CAMERA_HEIGHT;
  const toFloor = [h * c, 0, -h * s, h * s, 0, h * c, 0, 1, 0];
  return Float64Array.from(multiply(toFloor, multiply(pitched, toRay)));
}

/** The row of the photo (`width` × `height`, in pixels) where the horizon crosses column `x`. */
export function horizonRow(geometry: RoomGeometry, x: number, width: number, height: number): number {
  // The horizon is level in the photo turned back by the roll: x' sin(roll) + y' cos(roll) = horizon about the centre.
  const scale = Math.max(width, height);
  const across = (x - width / 2) / scale;
  return height / 2 + ((geometry.horizon - across * Math.sin(geometry.roll)) / Math.cos(geometry.roll)) * scale;
}

type Found = { point: Point; support: number };

/** Every pair of the longest lines proposes a point; the one most lines (by length) point at wins. */
function bestVanishingPoint(lines: readonly Line[]): Found | null {
  const proposers = lines.slice(0, PROPOSERS);
  let best: Found | null = null;
  for (let i = 0; i < proposers.length; i++) {
    for (let j = i + 1; j < proposers.length; j++) {
      const p = proposers[i];
      const q = proposers[j];
      const point = normalise([p.b * q.c - p.c * q.b, p.c * q.a - p.a * q.c, p.a * q.b - p.b * q.a]);
      if (!point) continue;
      let support = 0;
      for (const line of lines) if (supports(line, point)) support += line.length;
      if (!best || support > best.support) best = { point, support };
    }
  }
  return best;
}

/** Whether the line through a segment's midpoint and the point runs along the segment. */
function supports(line: Line, [px, py, pw]: Point): boolean {
  // Direction from the midpoint toward the point (homogeneous: a point at infinity is a direction).
  const tx = px - line.mx * pw;
  const ty = py - line.my * pw;
  const norm = Math.hypot(tx, ty);
  if (norm < 1e-9) return false;
  const sine = Math.abs(tx * line.dy - ty * line.dx) / norm;
  return sine < Math.sin(INLIER_ANGLE);
}

/** A segment as a line in long sides about the photo's centre, turned by `roll` (clockwise) to take a roll out. */
function toLine(s: Segment, width: number, height: number, scale: number, roll: number): Line {
  const cos = Math.cos(roll);
  const sin = Math.sin(roll);
  const centred = (x: number, y: number) => {
    const cx = (x - width / 2) / scale;
    const cy = (y - height / 2) / scale;
    return [cx * cos - cy * sin, cx * sin + cy * cos];
  };
  const [x1, y1] = centred(s.x1, s.y1);
  const [x2, y2] = centred(s.x2, s.y2);
  const length = Math.hypot(x2 - x1, y2 - y1);
  return {
    a: y1 - y2,
    b: x2 - x1,
    c: x1 * y2 - x2 * y1,
    mx: (x1 + x2) / 2,
    my: (y1 + y2) / 2,
    dx: (x2 - x1) / length,
    dy: (y2 - y1) / length,
    length,
  };
}

/** The 3×3 turn of a point (x, y, 1) about the origin by `angle`, clockwise in the photo (y runs down). */
function turned(angle: number): number[] {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return [cos, -sin, 0, sin, cos, 0, 0, 0, 1];
}

function normalise([x, y, w]: Point): Point | null {
  const norm = Math.hypot(x, y, w);
  if (norm < 1e-12) return null;
  // One sign for every point, so a point and its opposite are the same.
  const sign = w < 0 || (w === 0 && y < 0) ? -1 : 1;
  return [(sign * x) / norm, (sign * y) / norm, (sign * w) / norm];
}

const isFinite = ([x, y, w]: Point) => Math.abs(w) * AT_INFINITY > Math.hypot(x, y);
const xOf = ([x, , w]: Point) => x / w;
const yOf = ([, y, w]: Point) => y / w;

/** A camera ray in world axes for a camera pitched down by `pitch` (x right, y down, z forward). */
function toWorld(x: number, y: number, z: number, pitch: number): [number, number, number] {
  const cos = Math.cos(pitch);
  const sin = Math.sin(pitch);
  return [x, cos * y + sin * z, -sin * y + cos * z];
}

function multiply(p: readonly number[], q: readonly number[]): number[] {
  const out = new Array<number>(9).fill(0);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) out[r * 3 + c] += p[r * 3 + k] * q[k * 3 + c];
  return out;
}
