// Colour maths for the offline engine: sRGB <-> CIE Lab (D65) and colour differences (CIE76, CIEDE2000).
// Lab is where "same material, different colour" is a shift of a/b while L carries the shading detail.

/** [L, a, b] with L in 0..100. */
export type Lab = readonly [number, number, number];

const WHITE_X = 0.95047;
const WHITE_Z = 1.08883;
const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;

/** 8-bit sRGB code value -> linear light, precomputed because every decoded pixel goes through it. */
export const SRGB_TO_LINEAR: Float64Array = (() => {
  const table = new Float64Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    table[v] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  return table;
})();

function labF(t: number): number {
  return t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116;
}

/** labF tabulated on 0..1 for the render pass, which needs three per pixel: linear interpolation between steps of
 * 1/4096 is within 0.001 L of the exact cube root. */
const LAB_F_STEPS = 4096;
const LAB_F_TABLE: Float64Array = (() => {
  const table = new Float64Array(LAB_F_STEPS + 2);
  for (let i = 0; i <= LAB_F_STEPS + 1; i++) table[i] = labF(i / LAB_F_STEPS);
  return table;
})();

function fastLabF(t: number): number {
  // labF written out, not called: where the call is not inlined, its boxed result would make V8 box every
  // table result too (an allocation per channel per pixel).
  if (t >= 1 || t <= 0) return t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116;
  const at = t * LAB_F_STEPS;
  const i = at | 0;
  return LAB_F_TABLE[i] + (LAB_F_TABLE[i + 1] - LAB_F_TABLE[i]) * (at - i);
}

function labFInverse(f: number): number {
  const cube = f * f * f;
  return cube > EPSILON ? cube : (116 * f - 16) / KAPPA;
}

export function linearToSrgb(c: number): number {
  return c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
}

/** Linear RGB (0..1) -> Lab, written into `out` at `offset` so hot loops allocate nothing. */
export function linearRgbToLab(r: number, g: number, b: number, out: Float64Array | Float32Array, offset = 0): void {
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / WHITE_X;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / WHITE_Z;
  const fx = labF(x);
  const fy = labF(y);
  const fz = labF(z);
  out[offset] = 116 * fy - 16;
  out[offset + 1] = 500 * (fx - fy);
  out[offset + 2] = 200 * (fy - fz);
}

/** 8-bit sRGB -> Lab. */
export function srgbToLab(r: number, g: number, b: number, out: Float64Array | Float32Array, offset = 0): void {
  linearRgbToLab(SRGB_TO_LINEAR[r], SRGB_TO_LINEAR[g], SRGB_TO_LINEAR[b], out, offset);
}

/**
 * What recolourInLab reads, in this order: the colour in linear RGB (r, g, b), then the part's recolour: the slope
 * and offset of its lightness map, its Lab shift of a and of b, and its shadow gain; then, for a floor, its
 * saturation limit (0 for none) and the floor's median a and b as photographed (see UNLIKE_FROM); then, where a floor
 * material is laid, the gain on the new luminance that evens out the old boards (render-pass.ts, FLATTEN; 0 or 1 for
 * none). Inputs left off the end count as none.
 */
export const RECOLOUR_INPUTS = 12;

/**
 * A floor pixel this far (Lab chroma) from the floor's median colour as photographed is no board or tile of it: on a
 * glossy floor, the window's reflection (the sky's blue on honey oak). The part's shift is made for the floor's own
 * colour; added to the reflection's, it pushes it past anything photographed: the sky's reflection in oak taken to
 * grey came out a saturated cyan (kitchen_1 in Contemporary Outdoor). Unlike from UNLIKE_FROM, and fully by
 * UNLIKE_FULL, such a pixel's new chroma is held to the larger of its own saturation and the new floor's (chroma
 * over L + 16, at its new lightness) plus SATURATION_MARGIN. A pixel like the floor takes the shift whole, so the
 * new floor stays one colour (decision 082).
 */
const UNLIKE_FROM = 12;
const UNLIKE_FULL = 24;
const SATURATION_MARGIN = 6;

/**
 * Recolours one linear RGB colour as a part of the room moves to its new colour: its lightness mapped by
 * L' = slope * L + offset, but never below (L + 16) * shadowGain - 16 nor below black, its Lab chroma shifted by
 * (shiftA, shiftB), and on a floor held back where the colour is unlike the floor's (UNLIKE_FROM). A laid floor's
 * luminance gain moves the lightness only: the pixel keeps the chroma the shift gave it, so evening out the old
 * boards' lightness does not undo the part's one shift of colour (decision 108). `input` holds the
 * RECOLOUR_INPUTS numbers; the result is written into `out` (linear RGB, unclamped). The render pass calls this for
 * every pixel, so it allocates nothing: the numbers travel in typed arrays because V8 boxes each number passed to a
 * call it does not inline (eight allocations a pixel).
 */
export function recolourInLab(input: Float64Array, out: Float64Array): void {
  const r = input[0];
  const g = input[1];
  const b = input[2];
  const slope = input[3];
  const offset = input[4];
  const shiftA = input[5];
  const shiftB = input[6];
  const shadowGain = input[7];
  const fx = fastLabF((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / WHITE_X);
  const fy = fastLabF(0.2126729 * r + 0.7151522 * g + 0.072175 * b);
  const fz = fastLabF((0.0193339 * r + 0.119192 * g + 0.9503041 * b) / WHITE_Z);
  const shifted = slope * (116 * fy - 16) + offset;
  const scaled = shadowGain * 116 * fy - 16;
  const lightness = shifted > scaled ? shifted : scaled;
  const luminanceGain = input[11] > 0 ? input[11] : 1;
  const mappedFy = ((lightness > 0 ? lightness : 0) + 16) / 116;
  const newFy = luminanceGain === 1 ? mappedFy : fastLabF(labFInverse(mappedFy) * luminanceGain);
  const ownA = 500 * (fx - fy);
  const ownB = 200 * (fy - fz);
  let newA = ownA + shiftA;
  let newB = ownB + shiftB;
  const saturationLimit = input[8];
  const unlike = saturationLimit > 0 ? Math.hypot(ownA - input[9], ownB - input[10]) : 0;
  if (unlike > UNLIKE_FROM) {
    const ownSaturation = Math.hypot(ownA, ownB) / (116 * fy);
    const bound = (ownSaturation > saturationLimit ? ownSaturation : saturationLimit) * 116 * newFy + SATURATION_MARGIN;
    const chroma = Math.hypot(newA, newB);
    if (chroma > bound) {
      const weight = unlike >= UNLIKE_FULL ? 1 : (unlike - UNLIKE_FROM) / (UNLIKE_FULL - UNLIKE_FROM);
      const scale = 1 + (bound / chroma - 1) * weight;
      newA *= scale;
      newB *= scale;
    }
  }
  const x = labFInverse(newFy + newA / 500) * WHITE_X;
  const y = labFInverse(newFy);
  const z = labFInverse(newFy - newB / 200) * WHITE_Z;
  out[0] = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z;
  out[1] = -0.969266 * x + 1.8760108 * y + 0.041556 * z;
  out[2] = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z;
}

/** Lab -> linear RGB (unclamped: out-of-gamut values are the caller's to clip or compress). */
export function labToLinearRgb(l: number, a: number, b: number, out: Float64Array, offset = 0): void {
  const fy = (l + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  const x = labFInverse(fx) * WHITE_X;
  const y = l > KAPPA * EPSILON ? fy * fy * fy : l / KAPPA;
  const z = labFInverse(fz) * WHITE_Z;
  out[offset] = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z;
  out[offset + 1] = -0.969266 * x + 1.8760108 * y + 0.041556 * z;
  out[offset + 2] = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z;
}

/** Lab -> sRGB in 0..255 as floats (clipped to the gamut), so callers can dither before rounding. */
export function labToSrgb(l: number, a: number, b: number, out: Float64Array, offset = 0): void {
  labToLinearRgb(l, a, b, out, offset);
  for (let c = offset; c < offset + 3; c++) {
    const linear = out[c] < 0 ? 0 : out[c] > 1 ? 1 : out[c];
    out[c] = 255 * linearToSrgb(linear);
  }
}

export function hexToLab(hex: string): Lab {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(match[1], 16);
  const out = new Float64Array(3);
  srgbToLab((value >> 16) & 255, (value >> 8) & 255, value & 255, out);
  return [out[0], out[1], out[2]];
}

export function deltaE76(x: Lab, y: Lab): number {
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

/**
 * The colour step between two cells `p` and `q` of interleaved Lab values: ΔE76 with the lightness weighed half, so
 * that the same surface a little lighter or darker (its light, not its colour) counts as a small step.
 */
export function cellStep(lab: Float32Array, p: number, q: number): number {
  return Math.hypot((lab[p * 3] - lab[q * 3]) * 0.5, lab[p * 3 + 1] - lab[q * 3 + 1], lab[p * 3 + 2] - lab[q * 3 + 2]);
}

/**
 * CIEDE2000 (Sharma, Wu and Dalal 2005): closer to what a person sees than CIE76 for saturated colours.
 * `lightnessWeight` is the standard parametric factor kL (1 by default; 2 is the textile convention, which weighs
 * lightness differences half, as when the same material is seen in light and in shade).
 */
export function deltaE2000(x: Lab, y: Lab, lightnessWeight = 1): number {
  const [l1, a1, b1] = x;
  const [l2, a2, b2] = y;
  const c1 = Math.hypot(a1, b1);
  const c2 = Math.hypot(a2, b2);
  const cMean7 = Math.pow((c1 + c2) / 2, 7);
  const g = 0.5 * (1 - Math.sqrt(cMean7 / (cMean7 + Math.pow(25, 7))));
  const a1p = (1 + g) * a1;
  const a2p = (1 + g) * a2;
  const c1p = Math.hypot(a1p, b1);
  const c2p = Math.hypot(a2p, b2);
  const h1p = hueDegrees(b1, a1p);
  const h2p = hueDegrees(b2, a2p);

  const dLp = l2 - l1;
  const dCp = c2p - c1p;
  let dhp = 0;
  if (c1p * c2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(c1p * c2p) * Math.sin(toRadians(dhp / 2));

  const lMean = (l1 + l2) / 2;
  const cMeanP = (c1p + c2p) / 2;
  let hMean = h1p + h2p;
  if (c1p * c2p !== 0) {
    if (Math.abs(h1p - h2p) > 180) hMean += h1p + h2p < 360 ? 360 : -360;
    hMean /= 2;
  }
  const t =
    1 -
    0.17 * Math.cos(toRadians(hMean - 30)) +
    0.24 * Math.cos(toRadians(2 * hMean)) +
    0.32 * Math.cos(toRadians(3 * hMean + 6)) -
    0.2 * Math.cos(toRadians(4 * hMean - 63));
  const dTheta = 30 * Math.exp(-(((hMean - 275) / 25) ** 2));
  const cMeanP7 = Math.pow(cMeanP, 7);
  const rc = 2 * Math.sqrt(cMeanP7 / (cMeanP7 + Math.pow(25, 7)));
  const sl = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sc = 1 + 0.045 * cMeanP;
  const sh = 1 + 0.015 * cMeanP * t;
  const rt = -Math.sin(toRadians(2 * dTheta)) * rc;
  const lTerm = dLp / (lightnessWeight * sl);
  const cTerm = dCp / sc;
  const hTerm = dHp / sh;
  return Math.sqrt(lTerm * lTerm + cTerm * cTerm + hTerm * hTerm + rt * cTerm * hTerm);
}

function hueDegrees(b: number, a: number): number {
  if (a === 0 && b === 0) return 0;
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return h < 0 ? h + 360 : h;
}

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}
