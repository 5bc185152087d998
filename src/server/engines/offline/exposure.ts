// How brightly a photo is exposed, so style colours and lightness thresholds (meant for a well-exposed room) can be
// scaled to a dim phone photo instead of blowing its walls out to paper white.
import { labToLinearRgb, linearRgbToLab, type Lab } from './colour';

/** Lightness of a well-exposed room's brightest large surfaces (white paint, about L 95): exposure 1. */
const REFERENCE_LIGHTNESS = 95;
/**
 * The exposure is kept within these. Below 0.15 the brightest tenth of the photo is darker than about L 43: an
 * underexposed photo, whose new surfaces are lit at least that brightly so that the style still reads. Above it,
 * new surfaces are lit as the photo's own (decision 070).
 */
const EXPOSURE_LIMITS = [0.15, 1.15] as const;
/**
 * The room is read (its parts, its straight edges) at an exposure of at least this. Reading brings a dim photo's
 * lightness to a well-exposed one's before its thresholds, and below it that would amplify the photo's noise into
 * edges and regions that are not there. (Until decision 070 this was the exposure's only floor, so a dim room's
 * new surfaces were lit brighter than the room: home_office_1 as taken is at 0.22.)
 */
const READING_EXPOSURE_FLOOR = 0.3;

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

/** The exposure the room is read at (see READING_EXPOSURE_FLOOR). */
export function readingExposure(exposure: number): number {
  return Math.max(READING_EXPOSURE_FLOOR, exposure);
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

/**
 * A pixel whose brightest channel is within this share of the photo's brightest has lost its colour to the camera's
 * clip: blown-out glass keeps no tint, a blown-out stripe of sun on pale boards is white whatever the boards' colour,
 * and in a photo darkened after it clipped they are grey rather than white.
 */
const CLIPPED_FROM = 0.9;

/** The brightest channel (linear light) from which a pixel of `linear` (interleaved RGB) counts as clipped. */
export function clippedFrom(linear: Float32Array): number {
  let top = 0;
  for (let i = 0; i < linear.length; i++) top = Math.max(top, linear[i]);
  return CLIPPED_FROM * top;
}
