// How brightly a photo is exposed, so style colours and lightness thresholds (meant for a well-exposed room) can be
// scaled to a dim phone photo instead of blowing its walls out to paper white.
import { labToLinearRgb, linearRgbToLab, type Lab } from './colour';

/** Lightness of a well-exposed room's brightest large surfaces (white paint, about L 95): exposure 1. */
const REFERENCE_LIGHTNESS = 95;
const EXPOSURE_LIMITS = [0.3, 1.15] as const;

export function lightnessToY(l: number): number {
  const f = (l + 16) / 116;
  return l > 8 ? f * f * f : l / (24389 / 27);
}

export function yToLightness(y: number): number {
  return y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y;
}

/** The 90th-percentile lightness relative to a well-exposed room, in linear light, from an image's Lab values. */
export function estimateExposure(lab: Float32Array): number {
  const lightness = new Float32Array(lab.length / 3);
  for (let i = 0; i < lightness.length; i++) lightness[i] = lab[i * 3];
  lightness.sort();
  const p90 = lightness[Math.floor(lightness.length * 0.9)];
  const ratio = lightnessToY(p90) / lightnessToY(REFERENCE_LIGHTNESS);
  return Math.min(EXPOSURE_LIMITS[1], Math.max(EXPOSURE_LIMITS[0], ratio));
}

/** What a photographed lightness would be in a well-exposed photo. */
export function normalisedLightness(l: number, exposure: number): number {
  return yToLightness(Math.min(1, lightnessToY(l) / exposure));
}

/** The colour a material of this (well-exposed) colour photographs as under `exposure`: same chromaticity, scaled luminance. */
export function atExposure(colour: Lab, exposure: number): Lab {
  const linear = new Float64Array(3);
  labToLinearRgb(colour[0], colour[1], colour[2], linear);
  const out = new Float64Array(3);
  linearRgbToLab(linear[0] * exposure, linear[1] * exposure, linear[2] * exposure, out);
  return [out[0], out[1], out[2]];
}
