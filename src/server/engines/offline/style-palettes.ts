// Each style's "look" for the offline engine: the target colours (the shared swatches, in Lab) and the photographic
// grade a stylist would give that style (white balance, contrast curve, saturation, vignette).
import type { StyleId } from '../../../shared/constants';
import { STYLE_SWATCHES, SWATCH_ROLES, type SwatchRole } from '../../../shared/styles';
import { hexToLab, type Lab } from './colour';

export type Grade = {
  /** White balance: -1 cool (blue) … +1 warm (amber). */
  temperature: number;
  /** White balance: -1 green … +1 magenta. */
  tint: number;
  /** Lightness offset in L units (brighter or moodier room). */
  exposure: number;
  /** S-curve strength on lightness; 0 leaves it linear, 0.3 is punchy. Kept below 0.6 so the curve stays monotone. */
  contrast: number;
  /** Raises the black point in L units for a soft, matte look. */
  lift: number;
  /** Chroma multiplier. */
  saturation: number;
  /** Colour pushed into shadows and into highlights, as [a, b] offsets (split toning). */
  shadowTint: readonly [number, number];
  highlightTint: readonly [number, number];
  /** Corner darkening, 0 … 0.3. */
  vignette: number;
};

/** Target colour per part of the room; null leaves that part's colour as photographed. */
export type LookColours = Readonly<Record<SwatchRole, Lab | null>>;

export type StyleLook = {
  colours: LookColours;
  grade: Grade;
};

export const NEUTRAL_GRADE: Grade = {
  temperature: 0,
  tint: 0,
  exposure: 0,
  contrast: 0.08,
  lift: 0,
  saturation: 1,
  shadowTint: [0, 0],
  highlightTint: [0, 0],
  vignette: 0.1,
};

// Small, deliberate departures from neutral: the recolouring does the heavy lifting and a heavy grade would read as
// an Instagram filter rather than a redesigned room.
const GRADES: Readonly<Record<StyleId, Partial<Grade>>> = {
  'modern-minimalist': { temperature: -0.05, exposure: 2, contrast: 0.1, saturation: 0.9, vignette: 0.06 },
  'farmhouse-chic': { temperature: 0.25, exposure: 1.5, contrast: 0.06, lift: 1.5, saturation: 0.95, highlightTint: [0, 2], vignette: 0.12 },
  'contemporary-luxe': { temperature: 0.12, exposure: -2, contrast: 0.22, saturation: 1.05, shadowTint: [0, -1.5], highlightTint: [1, 3], vignette: 0.2 },
  'industrial-loft': { temperature: -0.1, exposure: -2.5, contrast: 0.25, saturation: 0.85, shadowTint: [-1, -3], highlightTint: [1, 3], vignette: 0.22 },
  transitional: { temperature: 0.05, exposure: 1, contrast: 0.1, saturation: 0.95, vignette: 0.1 },
  'modern-zen': { temperature: 0.15, exposure: 1, contrast: 0.04, lift: 2, saturation: 0.9, shadowTint: [-1, 1], highlightTint: [0.5, 2], vignette: 0.12 },
  'mediterranean-oasis': { temperature: 0.35, exposure: 1.5, contrast: 0.12, saturation: 1.12, highlightTint: [1.5, 4], vignette: 0.14 },
  'contemporary-outdoor': { temperature: 0, exposure: 0, contrast: 0.16, saturation: 0.95, shadowTint: [0, -2], highlightTint: [1, 2.5], vignette: 0.14 },
  'cottage-garden': { temperature: 0.15, tint: 0.1, exposure: 2, contrast: 0.02, lift: 3, saturation: 0.95, highlightTint: [1.5, 2], vignette: 0.1 },
  'tropical-paradise': { temperature: 0.2, exposure: 2.5, contrast: 0.12, saturation: 1.18, shadowTint: [-2, -1], highlightTint: [0.5, 3], vignette: 0.08 },
  'rustic-farmhouse': { temperature: 0.35, exposure: -1, contrast: 0.14, lift: 1, saturation: 0.95, shadowTint: [1, 2], highlightTint: [1, 4], vignette: 0.2 },
};

export function styleLook(id: StyleId): StyleLook {
  const swatches = STYLE_SWATCHES[id];
  const colours = Object.fromEntries(SWATCH_ROLES.map((role) => [role, hexToLab(swatches[role])])) as Record<SwatchRole, Lab>;
  return { colours, grade: { ...NEUTRAL_GRADE, ...GRADES[id] } };
}

/** Every colour a look aims for: what "style reached" is measured against. */
export function lookColours(look: StyleLook): Lab[] {
  return SWATCH_ROLES.map((role) => look.colours[role]).filter((colour): colour is Lab => colour !== null);
}
