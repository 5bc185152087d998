// The engine's thinking, stage by stage, on small copies of the photo: what the room is made of, which part takes
// which style colour, and the grade. The full-resolution work (decode, one pixel pass, encode) stays in the entry.
import type { StyleId } from '../../../shared/constants';
import { SWATCH_ROLES, type SwatchRole } from '../../../shared/styles';
import type { Lab } from './colour';
import { planTransfer } from './colour-transfer';
import { fitInside, shrinkImage, type GuideImage, type SmallImage } from './downscale';
import { estimateExposure } from './exposure';
import { planRoleRecolour, smoothCellFields, upsampleFields } from './recolour-field';
import { planGrade, vignetteTable, type GradePlan } from './grade';
import { resolveLook } from './prompt-look';
import { createRandom } from './random';
import { mapRoles, type RoleMap } from './room-roles';
import { kMeansLab, type Segmentation } from './segmentation';
import type { StyleLook } from './style-palettes';

/** Long side of the copy the regions are found on: enough for walls and floors, cheap for k-means. */
const ANALYSIS_SIZE = 160;
/** Long side of the grid the recolour field is resolved on, guided by the photo's own colours. */
export const GAIN_GRID_SIZE = 480;
/** Walls, ceiling, floor, cabinetry or furniture, dark details, and one spare for windows or a rug. */
const REGION_COUNT = 6;

export type Analysis = { small: SmallImage; look: StyleLook; random: () => number };
export type RoomParts = { segmentation: Segmentation; exposure: number; roles: RoleMap };
export type Recolour = { fields: Float32Array; grade: GradePlan; vignette: Float32Array };

/** Analysis: the small copy, and the look (preset, prompt, and a seeded variation). */
export function analyse(guide: GuideImage, styleId: StyleId | null, customPrompt: string | null, seed: number): Analysis {
  const size = fitInside(guide.width, guide.height, ANALYSIS_SIZE);
  const small = shrinkImage(guide, size.width, size.height);
  const random = createRandom(seed);
  return { small, look: vary(resolveLook(styleId, customPrompt), random), random };
}

/** Architecture: colour regions, how bright the photo is, and which part of the room each cell belongs to. */
export function findRoomParts({ small, look, random }: Analysis): RoomParts {
  const segmentation = kMeansLab(small.lab, REGION_COUNT, random, 2);
  const exposure = estimateExposure(small.lab);
  return { segmentation, exposure, roles: mapRoles(segmentation, small, exposure, look.colours.accent !== null) };
}

/** Generation: the recolour field on the guide grid, and the grade. */
export function planRecolour({ small, look }: Analysis, { exposure, roles }: RoomParts, guide: GuideImage): Recolour {
  const recolour = planRoleRecolour(roles, small, look, exposure);
  const fields = upsampleFields(smoothCellFields(recolour, small), small, guide);
  const grade = planGrade(look.grade, planTransfer(recolour, small));
  return { fields, grade, vignette: vignetteTable(look.grade.vignette) };
}

/** A re-roll with another seed should look a little different, never like another style: about ±2 ΔE per colour. */
function vary(look: StyleLook, random: () => number): StyleLook {
  const jitter = (colour: Lab | null): Lab | null =>
    colour && [colour[0] + (random() - 0.5) * 3, colour[1] + (random() - 0.5) * 4, colour[2] + (random() - 0.5) * 4];
  const colours = Object.fromEntries(SWATCH_ROLES.map((role) => [role, jitter(look.colours[role])])) as Record<SwatchRole, Lab | null>;
  return { ...look, colours };
}
