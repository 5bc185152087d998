// Whether a render is a redesign of this room or a filter over the photo, measured inside the hand-drawn
// labels of the shared room photos (room-labels/). Issue 19 set the bars:
// - view kept: mean ΔE76 inside window glass, median ≤ 4 and worst tenth ≤ 8 over all renders;
// - floor restyled: median of the floor's mean ΔE ≥ 12;
// - change on the surfaces: (floor ΔE + wall ΔE) / 2 over window ΔE, median ≥ 3;
// - no blotches: inside every wall and floor polygon, the spread of the chroma shift ≤ 5 in every render;
// - styles apart: per photo, the median over pairs of styles of their outputs' ΔE on floor and walls ≥ 14.
// One more, from the rule that the ceiling is never recoloured unless a style asks for it (none does):
// - ceiling kept: mean ΔE76 inside the ceiling, median ≤ 4 over all renders (the worst tenth is reported).
import sharp from 'sharp';
import { srgbToLab } from '../colour';
import { labelMask, type RoomLabels } from './room-labels/room-labels';

/** Figures are taken at this long side: enough pixels in the smallest polygon, quick to compute. */
const FIGURE_SIZE = 480;

export type LabImage = { lab: Float32Array; width: number; height: number };

export async function toLabImage(image: Buffer): Promise<LabImage> {
  const { data, info } = await sharp(image)
    .resize(FIGURE_SIZE, FIGURE_SIZE, { fit: 'inside' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const count = info.width * info.height;
  const lab = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) srgbToLab(data[i * 3], data[i * 3 + 1], data[i * 3 + 2], lab, i * 3);
  return { lab, width: info.width, height: info.height };
}

export type RenderFigures = {
  /** Mean ΔE76 inside the window glass; null when the photo has no window. */
  windowDeltaE: number | null;
  /** Mean ΔE76 inside the ceiling; null when the photo shows none. */
  ceilingDeltaE: number | null;
  floorDeltaE: number;
  wallDeltaE: number;
  /** (floor + wall) / 2 over window; null without a window. */
  surfaceOverWindow: number | null;
  /** The largest spread of the chroma shift (Δa, Δb) inside one wall or floor polygon. */
  worstBlotch: number;
};

function meanDeltaE(before: LabImage, after: LabImage, masks: Uint8Array[]): number | null {
  let sum = 0;
  let count = 0;
  for (const mask of masks) {
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      const o = i * 3;
      sum += Math.hypot(after.lab[o] - before.lab[o], after.lab[o + 1] - before.lab[o + 1], after.lab[o + 2] - before.lab[o + 2]);
      count++;
    }
  }
  return count ? sum / count : null;
}

/** √(var Δa + var Δb) inside one polygon: 0 when the whole surface moved to its new colour together. */
export function chromaShiftSpread(before: LabImage, after: LabImage, mask: Uint8Array): number {
  let n = 0;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const o = i * 3;
    const da = after.lab[o + 1] - before.lab[o + 1];
    const db = after.lab[o + 2] - before.lab[o + 2];
    n++;
    sa += da;
    sb += db;
    saa += da * da;
    sbb += db * db;
  }
  if (!n) return 0;
  const variance = saa / n - (sa / n) ** 2 + (sbb / n - (sb / n) ** 2);
  return Math.sqrt(Math.max(0, variance));
}

export type LabelMasks = { window: Uint8Array[]; floor: Uint8Array[]; wall: Uint8Array[]; ceiling: Uint8Array[] };

export function labelMasks(labels: RoomLabels, width: number, height: number): LabelMasks {
  return {
    window: labelMask(labels, 'window', width, height),
    floor: labelMask(labels, 'floor', width, height),
    wall: labelMask(labels, 'wall', width, height),
    ceiling: labelMask(labels, 'ceiling', width, height),
  };
}

export function renderFigures(before: LabImage, after: LabImage, masks: LabelMasks): RenderFigures {
  const windowDeltaE = meanDeltaE(before, after, masks.window);
  const floorDeltaE = meanDeltaE(before, after, masks.floor) ?? 0;
  const wallDeltaE = meanDeltaE(before, after, masks.wall) ?? 0;
  const surfaces = (floorDeltaE + wallDeltaE) / 2;
  return {
    windowDeltaE,
    ceilingDeltaE: meanDeltaE(before, after, masks.ceiling),
    floorDeltaE,
    wallDeltaE,
    surfaceOverWindow: windowDeltaE === null ? null : surfaces / Math.max(windowDeltaE, 0.5),
    worstBlotch: Math.max(0, ...[...masks.floor, ...masks.wall].map((mask) => chromaShiftSpread(before, after, mask))),
  };
}

/** Mean ΔE76 between two outputs of one photo on its floor and walls. */
export function surfaceDistance(first: LabImage, second: LabImage, masks: LabelMasks): number {
  return meanDeltaE(first, second, [...masks.floor, ...masks.wall]) ?? 0;
}

export const BARS = {
  viewKeptMedian: 4,
  viewKeptWorstTenth: 8,
  floorRestyledMedian: 12,
  surfaceOverWindowMedian: 3,
  worstBlotch: 5,
  stylesApartMedian: 14,
  ceilingKeptMedian: 4,
} as const;

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Linear interpolation between order statistics; quantile(values, 0.9) is the edge of the worst tenth. */
export function quantile(values: readonly number[], q: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
}

export type PhotoRenders = { before: LabImage; masks: LabelMasks; outputs: LabImage[] };

export type SetFigures = {
  viewKeptMedian: number;
  viewKeptWorstTenth: number;
  floorRestyledMedian: number;
  surfaceOverWindowMedian: number;
  worstBlotch: number;
  /** The lowest per-photo median of pairwise style distances. */
  stylesApartWorstPhoto: number;
  ceilingKeptMedian: number;
  ceilingKeptWorstTenth: number;
  failures: string[];
  /** Each render's own figures, photo by photo and output by output in the order given. */
  perRender: RenderFigures[];
};

/** The five figures over a set of photos, each rendered in several styles, and which bars they miss. */
export function setFigures(photos: readonly PhotoRenders[]): SetFigures {
  const perRender = photos.flatMap((photo) => photo.outputs.map((output) => renderFigures(photo.before, output, photo.masks)));
  const windows = perRender.flatMap((figures) => (figures.windowDeltaE === null ? [] : [figures.windowDeltaE]));
  const ceilings = perRender.flatMap((figures) => (figures.ceilingDeltaE === null ? [] : [figures.ceilingDeltaE]));
  const ratios = perRender.flatMap((figures) => (figures.surfaceOverWindow === null ? [] : [figures.surfaceOverWindow]));
  const apart = photos.map((photo) => {
    const pairs: number[] = [];
    for (let i = 0; i < photo.outputs.length; i++) {
      for (let j = i + 1; j < photo.outputs.length; j++) pairs.push(surfaceDistance(photo.outputs[i], photo.outputs[j], photo.masks));
    }
    return pairs.length ? median(pairs) : Number.POSITIVE_INFINITY;
  });
  const figures = {
    viewKeptMedian: median(windows),
    viewKeptWorstTenth: quantile(windows, 0.9),
    floorRestyledMedian: median(perRender.map((figures) => figures.floorDeltaE)),
    surfaceOverWindowMedian: median(ratios),
    worstBlotch: Math.max(...perRender.map((figures) => figures.worstBlotch)),
    stylesApartWorstPhoto: Math.min(...apart),
    ceilingKeptMedian: median(ceilings),
    ceilingKeptWorstTenth: quantile(ceilings, 0.9),
  };
  const failures: string[] = [];
  if (!(figures.viewKeptMedian <= BARS.viewKeptMedian))
    failures.push(`view kept: median window ΔE ${figures.viewKeptMedian.toFixed(1)} > ${BARS.viewKeptMedian}`);
  if (!(figures.viewKeptWorstTenth <= BARS.viewKeptWorstTenth))
    failures.push(`view kept: worst tenth ${figures.viewKeptWorstTenth.toFixed(1)} > ${BARS.viewKeptWorstTenth}`);
  if (!(figures.floorRestyledMedian >= BARS.floorRestyledMedian))
    failures.push(`floor restyled: median ΔE ${figures.floorRestyledMedian.toFixed(1)} < ${BARS.floorRestyledMedian}`);
  if (!(figures.surfaceOverWindowMedian >= BARS.surfaceOverWindowMedian))
    failures.push(`change on the surfaces: median ratio ${figures.surfaceOverWindowMedian.toFixed(2)} < ${BARS.surfaceOverWindowMedian}`);
  if (!(figures.worstBlotch <= BARS.worstBlotch))
    failures.push(`no blotches: worst chroma-shift spread ${figures.worstBlotch.toFixed(1)} > ${BARS.worstBlotch}`);
  if (!(figures.stylesApartWorstPhoto >= BARS.stylesApartMedian))
    failures.push(`styles apart: a photo's median pairwise ΔE ${figures.stylesApartWorstPhoto.toFixed(1)} < ${BARS.stylesApartMedian}`);
  if (!(figures.ceilingKeptMedian <= BARS.ceilingKeptMedian))
    failures.push(`ceiling kept: median ceiling ΔE ${figures.ceilingKeptMedian.toFixed(1)} > ${BARS.ceilingKeptMedian}`);
  return { ...figures, failures, perRender };
}
