// A rug laid into a labelled photo, for measuring how the engine reads a floor with a rug on it (decision 103). Only
// one of the labelled photos shows a real rug (living_room_12mp), and a rule found on one photo is tuned to it; laid
// into the other photos, rugs of other colours, sizes and patterns ask the same question of floors the rule was not
// made on. The rug is drawn in the floor's perspective and lit by the floor's own light (its sun stripes and shade
// fall across it), and its hand-drawn label is added as furniture, drawn inside its edge as a person would label it.
import sharp from 'sharp';
import { linearToSrgb, SRGB_TO_LINEAR } from '../colour';
import { runningBoxMean } from '../grid-filters';
import { labelMask, type RoomLabels } from './room-labels/room-labels';

export type SyntheticRug = {
  name: string;
  /** sRGB hex of the field and the border, as they would photograph at the floor's median light. */
  field: string;
  border: string;
  /** The border's width as a share of the rug's width (0: a plain rug). */
  borderShare: number;
  /** A woven pattern: bands of these colours across the rug, each `bandShare` of its width deep, inside the border. */
  bands?: { colours: string[]; bandShare: number };
  /** Its far and near edges, as shares of the way down the labelled floor (1: the floor's lowest row). */
  far: number;
  near: number;
  /** Its width at the near edge, as a share of the floor's width there, and its centre's shift from the floor's. */
  width: number;
  shift: number;
};

/**
 * Four rugs unlike each other: a large tan one to the frame's foot with a dark border, a dark one with a light border,
 * a plain one, and a striped kilim.
 */
export const SYNTHETIC_RUGS: readonly SyntheticRug[] = [
  { name: 'tan rug, dark border', field: '#B49A78', border: '#4A3A30', borderShare: 0.07, far: 0.3, near: 1, width: 0.6, shift: 0.08 },
  {
    name: 'navy rug, cream border',
    field: '#2E3A5C',
    border: '#E4DAC4',
    borderShare: 0.05,
    far: 0.35,
    near: 0.8,
    width: 0.45,
    shift: -0.1,
  },
  { name: 'plain grey rug', field: '#A9A7A2', border: '#A9A7A2', borderShare: 0, far: 0.25, near: 0.75, width: 0.5, shift: 0 },
  {
    name: 'striped kilim',
    field: '#8E3B2E',
    border: '#3B2F2A',
    borderShare: 0.03,
    bands: { colours: ['#8E3B2E', '#D9CBB0', '#8E3B2E', '#3B2F2A', '#C9974A'], bandShare: 0.08 },
    far: 0.4,
    near: 0.9,
    width: 0.4,
    shift: 0.05,
  },
];

/**
 * A phone camera's focal length as a share of the photo's width (a 26 mm equivalent lens, about 69° across): with the
 * horizon, it sets how deep the rug runs for how far up the photo it reaches.
 */
const FOCAL_SHARE = 0.75;
/** The label is drawn this share of the rug's width inside its edge. */
const LABEL_INSET = 0.04;
/** The floor's light is read blurred over this share of the photo's width, wider than a board, narrower than a sun stripe. */
const LIGHT_BLUR_SHARE = 0.012;

type Quad = { vanishingX: number; horizon: number; nearRow: number; farRow: number; left: number; right: number; focal: number };

/** Lays `rug` into the photo's labelled floor; the labels gain it as a furniture region. */
export async function withSyntheticRug(
  photo: Buffer,
  labels: RoomLabels,
  rug: SyntheticRug,
): Promise<{ photo: Buffer; labels: RoomLabels }> {
  const { data, info } = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const floor = new Uint8Array(width * height);
  for (const mask of labelMask(labels, 'floor', width, height)) for (let i = 0; i < mask.length; i++) floor[i] |= mask[i];
  const quad = placeRug(floor, width, height, rug);
  const light = floorLight(data, floor, width, height);
  const field = hexToLinear(rug.field);
  const border = hexToLinear(rug.border);
  const bands = rug.bands?.colours.map(hexToLinear);
  const out = Buffer.from(data);
  const outline = corners(quad, 0);
  for (let y = Math.max(0, Math.floor(quad.farRow) - 1); y < Math.min(height, Math.ceil(quad.nearRow) + 1); y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!floor[i]) continue;
      const cover = coverage(outline, x + 0.5, y + 0.5);
      if (cover <= 0) continue;
      // Measured on the floor, so the border is as wide along the rug's sides as across its ends.
      const at = onTheRug(quad, x + 0.5, y + 0.5);
      const colour =
        at.fromEdge < rug.borderShare ? border : bands ? bands[Math.floor(at.along / rug.bands!.bandShare) % bands.length] : field;
      // A weave: a little grain, pixel by pixel, as a woven surface photographs.
      const weave = 1 + 0.12 * (hash(x, y) - 0.5);
      for (let c = 0; c < 3; c++) {
        const lit = Math.min(1, colour[c] * light[i] * weave);
        const value = linearToSrgb(lit) * 255;
        out[i * 3 + c] = Math.round(data[i * 3 + c] * (1 - cover) + value * cover);
      }
    }
  }
  const image = await sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  const label = corners(quad, LABEL_INSET).map(([x, y]) => [x / width, y / height] as [number, number]);
  return { photo: image, labels: { ...labels, regions: [...labels.regions, { label: 'furniture', note: rug.name, points: label }] } };
}

/**
 * The rug's outline: a rectangle on the floor, square to the camera, its sides running to a vanishing point on the
 * horizon (taken at mid-height: the camera held level). Narrowed until its corners stand on the labelled floor.
 */
function placeRug(floor: Uint8Array, width: number, height: number, rug: SyntheticRug): Quad {
  const rows: { row: number; from: number; to: number }[] = [];
  for (let y = 0; y < height; y++) {
    let from = -1;
    let to = -1;
    for (let x = 0; x < width; x++) {
      if (!floor[y * width + x]) continue;
      if (from < 0) from = x;
      to = x;
    }
    if (from >= 0 && to - from > width * 0.2) rows.push({ row: y, from, to });
  }
  if (rows.length < 10) throw new Error('the labelled floor is too small for a rug');
  const top = rows[0].row;
  const bottom = rows[rows.length - 1].row;
  const rowAt = (share: number) => Math.min(bottom, top + share * (bottom - top));
  const nearRow = rowAt(rug.near);
  const farRow = rowAt(rug.far);
  const horizon = Math.min(height / 2, top - height * 0.05);
  const spanAt = rows.find(({ row }) => row >= Math.floor(nearRow)) ?? rows[rows.length - 1];
  const vanishingX = (spanAt.from + spanAt.to) / 2 + rug.shift * (spanAt.to - spanAt.from);
  const inside = (x: number, y: number) => {
    const row = Math.min(height - 1, Math.max(0, Math.round(y)));
    const col = Math.round(x);
    return col >= 0 && col < width && floor[row * width + col] === 1;
  };
  for (let share = rug.width; share > 0.1; share *= 0.9) {
    const half = (share * (spanAt.to - spanAt.from)) / 2;
    const quad: Quad = {
      vanishingX,
      horizon,
      nearRow,
      farRow,
      left: vanishingX - half,
      right: vanishingX + half,
      focal: FOCAL_SHARE * width,
    };
    if (corners(quad, 0).every(([x, y]) => inside(x, y - 1))) return quad;
  }
  throw new Error('no rug fits on the labelled floor');
}

/** The rug on the floor: across (A) and depth (D), both in the camera's height, as the camera sees the floor. */
type OnFloor = { left: number; right: number; near: number; far: number };

function onFloor(quad: Quad): OnFloor {
  const below = quad.nearRow - quad.horizon;
  return {
    left: (quad.left - quad.vanishingX) / below,
    right: (quad.right - quad.vanishingX) / below,
    near: quad.focal / below,
    far: quad.focal / (quad.farRow - quad.horizon),
  };
}

/** The pixel a point of the floor projects to. */
function toImage(quad: Quad, across: number, depth: number): [number, number] {
  const below = quad.focal / depth;
  return [quad.vanishingX + across * below, quad.horizon + below];
}

/** The rug's corners, inset by `inset` of its width on the floor: far left, far right, near right, near left. */
function corners(quad: Quad, inset: number): [number, number][] {
  const rug = onFloor(quad);
  const by = inset * (rug.right - rug.left);
  return [
    toImage(quad, rug.left + by, rug.far - by),
    toImage(quad, rug.right - by, rug.far - by),
    toImage(quad, rug.right - by, rug.near + by),
    toImage(quad, rug.left + by, rug.near + by),
  ];
}

/**
 * Where a pixel lies on the rug, on the floor, in shares of the rug's width: how far inside its edge (negative
 * outside), and how far from its near end.
 */
function onTheRug(quad: Quad, x: number, y: number): { fromEdge: number; along: number } {
  const rug = onFloor(quad);
  const below = y - quad.horizon;
  if (below <= 0) return { fromEdge: -1, along: 0 };
  const across = (x - quad.vanishingX) / below;
  const depth = quad.focal / below;
  const width = rug.right - rug.left;
  return {
    fromEdge: Math.min(across - rug.left, rug.right - across, depth - rug.near, rug.far - depth) / width,
    along: (depth - rug.near) / width,
  };
}

/** How much of a pixel the rug covers: its distance inside the outline, in pixels, from ½ outside to ½ inside. */
function coverage(outline: [number, number][], x: number, y: number): number {
  let inside = Infinity;
  for (let k = 0; k < outline.length; k++) {
    const [ax, ay] = outline[k];
    const [bx, by] = outline[(k + 1) % outline.length];
    // Going round clockwise on the screen (y down), the inside lies where this is positive.
    inside = Math.min(inside, ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / Math.hypot(bx - ax, by - ay));
  }
  return Math.min(1, Math.max(0, inside + 0.5));
}

/**
 * The light on the floor at each floor pixel, relative to the floor's median: its luminance, blurred over the floor
 * only (so a white skirting board does not light the floor's edge), which keeps sun stripes and shade but not boards.
 */
function floorLight(data: Buffer, floor: Uint8Array, width: number, height: number): Float32Array {
  const count = width * height;
  const luminance = new Float32Array(count);
  const weight = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    if (!floor[i]) continue;
    const r = SRGB_TO_LINEAR[data[i * 3]];
    const g = SRGB_TO_LINEAR[data[i * 3 + 1]];
    const b = SRGB_TO_LINEAR[data[i * 3 + 2]];
    luminance[i] = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    weight[i] = 1;
  }
  const radius = Math.max(1, Math.round(width * LIGHT_BLUR_SHARE));
  const blurredLight = runningBoxMean(runningBoxMean(luminance, width, height, radius), width, height, radius);
  const blurredWeight = runningBoxMean(runningBoxMean(weight, width, height, radius), width, height, radius);
  const light = new Float32Array(count);
  const values: number[] = [];
  for (let i = 0; i < count; i++) {
    if (!floor[i]) continue;
    light[i] = blurredLight[i] / Math.max(1e-6, blurredWeight[i]);
    values.push(light[i]);
  }
  values.sort((a, b) => a - b);
  const median = values[Math.floor(values.length / 2)] || 1;
  for (let i = 0; i < count; i++) light[i] /= median;
  return light;
}

const hexToLinear = (hex: string) => [1, 3, 5].map((at) => SRGB_TO_LINEAR[parseInt(hex.slice(at, at + 2), 16)]);

/** A repeatable value in [0, 1) per pixel. */
function hash(x: number, y: number): number {
  let h = Math.imul(x, 374761393) ^ Math.imul(y, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
