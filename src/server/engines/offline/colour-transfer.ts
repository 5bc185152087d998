// Global colour transfer after the per-part recolour (Reinhard et al. 2001): each Lab channel's mean and deviation
// move part of the way toward those of the room repainted fully in the palette, evening out what no part owned.
import { linearRgbToLab } from './colour';
import { FIELD_CHANNELS, recolourLinear, type RoleRecolour } from './recolour-field';
import type { SmallImage } from './downscale';

/** [L, a, b] strength and the allowed change of spread; lightness is mostly the photo's own business. */
const STRENGTH = [0.2, 0.5, 0.5] as const;
const RATIO_LIMITS = [
  [0.9, 1.12],
  [0.75, 1.25],
  [0.75, 1.25],
] as const;

/** Per Lab channel: x' = x * scale + offset; `mean` is the recoloured image's mean colour it was planned on. */
export type ColourTransfer = {
  scale: readonly [number, number, number];
  offset: readonly [number, number, number];
  mean: readonly [number, number, number];
};

export function planTransfer(recolour: RoleRecolour, image: SmallImage): ColourTransfer {
  const n = recolour.cellShifts.length / 3;
  const linear = new Float64Array(3);
  const recoloured = new Float64Array(3);
  const sum = [0, 0, 0];
  const sumSquares = [0, 0, 0];
  const targetSum = [0, 0, 0];
  const targetSquares = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    recolourLinear(recolour.cellFields, i * FIELD_CHANNELS, image.linear[i * 3], image.linear[i * 3 + 1], image.linear[i * 3 + 2], linear);
    linearRgbToLab(linear[0], linear[1], linear[2], recoloured);
    const full = recolour.cellShifts.subarray(i * 3, i * 3 + 3);
    for (let c = 0; c < 3; c++) {
      const painted = image.lab[i * 3 + c] + full[c];
      sum[c] += recoloured[c];
      sumSquares[c] += recoloured[c] ** 2;
      targetSum[c] += painted;
      targetSquares[c] += painted ** 2;
    }
  }
  const scale: [number, number, number] = [1, 1, 1];
  const offset: [number, number, number] = [0, 0, 0];
  const means: [number, number, number] = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    const mean = sum[c] / n;
    means[c] = mean;
    const deviation = Math.sqrt(Math.max(1e-6, sumSquares[c] / n - mean * mean));
    const targetMean = targetSum[c] / n;
    const targetDeviation = Math.sqrt(Math.max(1e-6, targetSquares[c] / n - targetMean * targetMean));
    const [low, high] = RATIO_LIMITS[c];
    const ratio = Math.min(high, Math.max(low, targetDeviation / deviation));
    scale[c] = 1 + STRENGTH[c] * (ratio - 1);
    offset[c] = STRENGTH[c] * (targetMean - mean * ratio);
  }
  return { scale, offset, mean: means };
}
