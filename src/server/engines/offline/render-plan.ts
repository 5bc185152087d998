// The engine's thinking, stage by stage, on small copies of the photo: what the room is made of, which part takes
// which style colour, and the grade. The full-resolution work (decode, one pixel pass, encode) stays in the entry.
import type { StyleId } from '#shared/constants';
import { linearRgbToLab } from './colour';
import { fitInside, shrinkImage, type GuideImage, type SmallImage } from './downscale';
import { clippedFrom, estimateExposure, readingExposure } from './exposure';
import { floorColours, planRoleRecolour, smoothCellFields, upsampleFields, type FloorColours, type RoleRecolour } from './recolour-field';
import { guideFields } from './guided-filter';
import { ceilingOnGuide, solidCeiling } from './ceiling-edge';
import { gradeLinear, planGrade, type GradePlan } from './grade';
import { refinementLook, resolveLook } from './prompt-look';
import { createRandom } from './random';
import { mapRoles, type RoleMap } from './room-roles';
import { kMeansLab, type Segmentation } from './segmentation';
import { findSegments, type Segment } from './line-segments';
import { confineToFloor } from './floor-extent';
import { estimateRoomGeometry, horizonRow, type RoomGeometry } from './room-geometry';
import type { StyleLook } from './style-palettes';
import { balanceGuide, whiteBalanceGains } from './white-balance';

/** Long side of the copy the regions are found on: enough for walls and floors, cheap for k-means. */
const ANALYSIS_SIZE = 160;
/** Long side of the grid the recolour field is resolved on, guided by the photo's own colours. */
export const FIELD_GRID_SIZE = 400;
/** Walls, ceiling, floor, cabinetry or furniture, dark details, and one spare for windows or a rug. */
const REGION_COUNT = 6;
const ANALYSIS_SEED = 1;

/**
 * `guide`: the larger copy, for detail the small one has lost. `balanced`: both copies as if under white light
 * (white-balance.ts), which the room is read from; the recolour is planned on the photo as taken.
 */
export type Analysis = { small: SmallImage; guide: GuideImage; look: StyleLook; balanced: { small: SmallImage; guide: GuideImage } };
/**
 * `exposure`: how brightly the photo is exposed, which the new materials are lit at (the room is read at
 * readingExposure of it). `floorPlane`: the room's perspective where the floor lies wholly below its horizon; null
 * where unsure (or the look lays no floor material). `edges`: the guide's straight edges it was found from.
 */
export type RoomParts = {
  segmentation: Segmentation;
  exposure: number;
  roles: RoleMap;
  floorPlane: RoomGeometry | null;
  edges: Segment[];
};
export type Recolour = { fields: Float32Array; grade: GradePlan; floorColours: FloorColours | null };

/**
 * Analysis: the small copy, and the look (preset, prompt, and a seeded variation; or, for a refinement of an
 * earlier result, only the parts its words name).
 */
export function analyse(
  guide: GuideImage,
  styleId: StyleId | null,
  customPrompt: string | null,
  seed: number,
  refinement?: string,
): Analysis {
  const size = fitInside(guide.width, guide.height, ANALYSIS_SIZE);
  const small = shrinkImage(guide, size.width, size.height);
  const look = refinement ? refinementLook(refinement) : vary(resolveLook(styleId, customPrompt), createRandom(seed));
  const balancedGuide = balanceGuide(guide, whiteBalanceGains(small));
  const balanced =
    balancedGuide === guide ? { small, guide } : { small: shrinkImage(balancedGuide, size.width, size.height), guide: balancedGuide };
  return { small, guide, look, balanced };
}

/** Architecture: colour regions, how bright the photo is, and which part of the room each cell belongs to. */
export function findRoomParts({ balanced: { small, guide }, look }: Analysis): RoomParts {
  // The seed varies the look, not the reading of the room: the same photo is always understood the same way.
  const segmentation = kMeansLab(small.lab, REGION_COUNT, createRandom(ANALYSIS_SEED), 3);
  const exposure = estimateExposure(small.lab);
  const edges = findSegments(guide);
  const roles = mapRoles(segmentation, small, guide, edges, readingExposure(exposure), look.colours.accent !== null);
  const geometry = look.floorMaterial ? estimateRoomGeometry(edges, guide.width, guide.height) : null;
  return { segmentation, exposure, roles, floorPlane: geometry && floorBelowHorizon(roles, geometry) ? geometry : null, edges };
}

/** Floor found this far above the horizon (share of the height) means the floor or the horizon is wrong. */
const HORIZON_MARGIN = 0.03;
/** A floor smaller than this share of the photo is not worth a material (a strip of floor under furniture). */
const MATERIAL_MIN_FLOOR = 0.08;
/** Floor cells above the horizon allowed (stray cells of the floor's colour on a far wall). */
const ABOVE_HORIZON_ALLOWED = 0.01;

/** Whether the floor that was found lies below the horizon the edges give: both readings of the room agree. */
function floorBelowHorizon({ floor, width, height }: RoleMap, geometry: RoomGeometry): boolean {
  const rows = Array.from({ length: width }, (_, x) => horizonRow(geometry, x + 0.5, width, height) + HORIZON_MARGIN * height);
  let floorCells = 0;
  let above = 0;
  for (let i = 0; i < floor.length; i++) {
    if (floor[i] < 0.5) continue;
    floorCells++;
    if (Math.floor(i / width) + 0.5 < rows[i % width]) above++;
  }
  return floorCells >= MATERIAL_MIN_FLOOR * floor.length && above <= ABOVE_HORIZON_ALLOWED * floorCells;
}

/**
 * Generation: the recolour field on the guide grid, and the style's finish (grade.ts). The finish (white balance, curve,
 * saturation) would pull each recoloured part off its palette colour, so the recolour is planned twice: the second time aimed
 * to cancel the chroma shift and half the lightness shift the grade gives each part. The grade keeps its say over
 * light and shade; the palette decides the colours.
 */
export function planRecolour(
  { small, look, balanced }: Analysis,
  { exposure, roles, floorPlane, edges }: RoomParts,
  guide: GuideImage,
): Recolour {
  const first = planRoleRecolour(roles, small, look, exposure);
  const grade = planGrade(look.grade);
  const recolour = planRoleRecolour(roles, small, look, exposure, gradeCompensation(first, grade));
  // Cell by cell, then onto the guide along its colours, then fitted to its edges (guided-filter.ts). The kept
  // ceiling and the rest are spread apart, so neither's field runs into the other across a plain corner.
  const apart = solidCeiling(roles);
  const ceiling = ceilingOnGuide({ ...roles, ceiling: apart }, guide, [...edges, ...roles.folds]);
  const smoothed = smoothCellFields(recolour, small, apart);
  const fields = guideFields(upsampleFields(smoothed, small, guide, { cells: apart, onGuide: ceiling }), guide, ceiling);
  // The floor's colour may run up a wall; its material stops where the wall meets the floor.
  if (floorPlane) confineToFloor(fields, balanced.guide, edges, clippedFrom(balanced.small.linear));
  return { fields, grade, floorColours: floorColours(recolour) };
}

/** How much of the grade's pull on a part's lightness is cancelled (its chroma pull is cancelled fully). */
const LIGHTNESS_AIM = 0.5;

/** Per role, the Lab offset that cancels the grade's pull on the recoloured colour. */
function gradeCompensation({ targets, results }: RoleRecolour, grade: GradePlan): Float64Array {
  const aim = new Float64Array(targets.length);
  const srgb = new Float64Array(3);
  const graded = new Float64Array(3);
  for (let r = 0; r < targets.length; r += 3) {
    if (Number.isNaN(targets[r])) continue;
    gradeLinear(grade, results[r], results[r + 1], results[r + 2], srgb);
    srgbFloatToLab(srgb, graded);
    aim[r] = (targets[r] - graded[0]) * LIGHTNESS_AIM;
    aim[r + 1] = targets[r + 1] - graded[1];
    aim[r + 2] = targets[r + 2] - graded[2];
  }
  return aim;
}

function srgbFloatToLab(srgb: Float64Array, out: Float64Array): void {
  const toLinear = (v: number) => {
    const c = Math.min(1, Math.max(0, v / 255));
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  linearRgbToLab(toLinear(srgb[0]), toLinear(srgb[1]), toLinear(srgb[2]), out);
}

/**
 * A re-roll with another seed should look a little different, never like another style, and never off its palette:
 * the seed nudges the light on the new surfaces (exposure, contrast), not the colours.
 */
function vary(look: StyleLook, random: () => number): StyleLook {
  const nudge = (size: number) => (random() - 0.5) * 2 * size;
  const { grade } = look;
  return {
    ...look,
    grade: {
      ...grade,
      exposure: grade.exposure + nudge(0.75),
      contrast: Math.max(0, grade.contrast + nudge(0.02)),
    },
  };
}
