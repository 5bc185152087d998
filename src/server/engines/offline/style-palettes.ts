// Each style's "look" for the offline engine: the target colours (the shared swatches, in Lab) and the photographic
// light a stylist would give that style (white balance, contrast curve, saturation, split toning).
import type { StyleId } from '#shared/constants';
import { STYLE_SWATCHES, SWATCH_ROLES, type SwatchRole } from '#shared/styles';
import { hexToLab, type Lab } from './colour';
import type { FloorMaterialName } from './floor-materials';

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
};

/** Target colour per part of the room; null leaves that part's colour as photographed. */
export type LookColours = Readonly<Record<SwatchRole, Lab | null>>;

export type StyleLook = {
  colours: LookColours;
  grade: Grade;
  /** What the floor is made of, laid in perspective where the floor plane is found; null recolours it only. */
  floorMaterial: FloorMaterialName | null;
  /** The words ask for dark cabinets ("navy cabinets"), so the room's dark pieces (black cabinets) take that colour too. */
  darkFollowsFeature: boolean;
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
};

// The light each style gives its new surfaces: small, deliberate departures from neutral. The swatches already carry
// each style's warmth, so white balance moves little, and no style tints its shadows cold: on a dark wall the
// shadows are most of the wall.
const GRADES: Readonly<Record<StyleId, Partial<Grade>>> = {
  'modern-minimalist': { temperature: -0.03, exposure: 1.5, contrast: 0.1, saturation: 0.92 },
  'farmhouse-chic': { temperature: 0.06, exposure: 1, contrast: 0.06, lift: 1.5, saturation: 0.97, shadowTint: [0.5, 1] },
  'contemporary-luxe': {
    temperature: 0.04,
    exposure: -1.5,
    contrast: 0.12,
    saturation: 1.04,
    highlightTint: [0.5, 1],
  },
  'industrial-loft': {
    temperature: -0.05,
    exposure: -2,
    contrast: 0.12,
    saturation: 0.88,
    highlightTint: [0.5, 1],
  },
  transitional: { exposure: 1, contrast: 0.1, saturation: 0.97 },
  'modern-zen': { temperature: 0.04, exposure: 1, contrast: 0.03, lift: 2, saturation: 0.93, shadowTint: [-0.5, 0.5] },
  'mediterranean-oasis': { temperature: 0.1, exposure: 1.5, contrast: 0.12, saturation: 1.08, highlightTint: [0.5, 1.5] },
  'contemporary-outdoor': { exposure: 0.5, contrast: 0.15, saturation: 0.96, highlightTint: [0.5, 1] },
  'cottage-garden': {
    temperature: 0.05,
    tint: 0.05,
    exposure: 1.5,
    contrast: 0.03,
    lift: 2.5,
    saturation: 0.97,
    highlightTint: [0.5, 1],
  },
  'tropical-paradise': { temperature: 0.05, exposure: 2, contrast: 0.12, saturation: 1.12 },
  'rustic-farmhouse': {
    temperature: 0.1,
    exposure: -1,
    contrast: 0.14,
    lift: 1,
    saturation: 0.97,
    shadowTint: [1, 2],
    highlightTint: [0.5, 1.5],
  },
};

/**
 * Each style's floor, as its description names it (#shared/styles); the outdoor-named presets get their interior
 * reading (large pavers, a garden room's narrow boards, teak).
 */
const FLOOR_MATERIALS: Readonly<Record<StyleId, FloorMaterialName>> = {
  'modern-minimalist': 'large-tile',
  'farmhouse-chic': 'wide-planks',
  'contemporary-luxe': 'marble',
  'industrial-loft': 'concrete',
  transitional: 'herringbone',
  'modern-zen': 'wide-planks',
  'mediterranean-oasis': 'terracotta',
  'contemporary-outdoor': 'large-tile',
  'cottage-garden': 'narrow-planks',
  'tropical-paradise': 'planks',
  'rustic-farmhouse': 'wide-planks',
};

export function styleLook(id: StyleId): StyleLook {
  const swatches = STYLE_SWATCHES[id];
  const colours = Object.fromEntries(SWATCH_ROLES.map((role) => [role, hexToLab(swatches[role])])) as Record<SwatchRole, Lab>;
  return { colours, grade: { ...NEUTRAL_GRADE, ...GRADES[id] }, floorMaterial: FLOOR_MATERIALS[id], darkFollowsFeature: false };
}
