// The offline render engine: restyles a room photo on the CPU, deterministically, with no network and no model weights.
// Pipeline: decode -> k-means regions in Lab -> region-wise recolour toward the style palette -> style grade -> JPEG.
import sharp from 'sharp';
import { LIMITS, type StyleId } from '../../../shared/constants';
import { SWATCH_ROLES, type SwatchRole } from '../../../shared/styles';
import type { Lab } from './colour';
import { fitInside, shrinkImage, shrinkPhoto } from './downscale';
import { planTransfer } from './colour-transfer';
import { planRoleGains, smoothCellGains, upsampleGains } from './gain-field';
import { estimateExposure } from './exposure';
import { planGrade, vignetteTable } from './grade';
import { resolveLook } from './prompt-look';
import { createRandom } from './random';
import { renderPass } from './render-pass';
import { mapRoles } from './room-roles';
import { kMeansLab } from './segmentation';
import type { StyleLook } from './style-palettes';

export type RenderPhase = 'analysis' | 'architecture' | 'generation' | 'enhancement';

export type OfflineRenderInput = {
  /** JPEG, already upright and at most 1920 px on the longest side. */
  image: Buffer;
  /** A preset, or null for custom-only. */
  styleId: StyleId | null;
  /** Free text; alone it sets the palette from its colour words, with a preset it nudges the preset. */
  customPrompt: string | null;
  /** Integer below 1,000,000; same input and seed give byte-identical output. */
  seed: number;
  onProgress?: (event: { fraction: number; phase: RenderPhase }) => void;
};

export type OfflineRenderOutput = { image: Buffer; width: number; height: number; engine: 'offline-preview' };

/** Long side of the copy the regions are found on: enough for walls and floors, cheap for k-means. */
const ANALYSIS_SIZE = 160;
/** Long side of the grid the recolour gains are resolved on, guided by the photo's own edges. */
const GAIN_GRID_SIZE = 480;
/** Walls, ceiling, floor, cabinetry or furniture, dark details, and one spare for windows or a rug. */
const REGION_COUNT = 6;
const JPEG_QUALITY = 90;

export async function renderOffline(input: OfflineRenderInput): Promise<OfflineRenderOutput> {
  const { seed, onProgress } = input;
  if (!Number.isInteger(seed) || seed < 0 || seed >= LIMITS.renderSeedBelow) {
    throw new RangeError(`seed must be an integer from 0 to ${LIMITS.renderSeedBelow - 1}, got ${seed}`);
  }
  const report = async (phase: RenderPhase, fraction: number) => {
    onProgress?.({ phase, fraction });
    // The work is synchronous CPU; yielding between phases lets the server send the progress event and serve others.
    await new Promise((resolve) => setImmediate(resolve));
  };

  await report('analysis', 0);
  const { data, info } = await sharp(input.image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const guideSize = fitInside(width, height, GAIN_GRID_SIZE);
  const guide = shrinkPhoto(data, width, height, channels, guideSize.width, guideSize.height);
  const smallSize = fitInside(width, height, ANALYSIS_SIZE);
  const small = shrinkImage(guide, smallSize.width, smallSize.height);
  const random = createRandom(seed);
  const look = vary(resolveLook(input.styleId, input.customPrompt), random);
  await report('analysis', 0.15);

  await report('architecture', 0.2);
  const segmentation = kMeansLab(small.lab, REGION_COUNT, random);
  const exposure = estimateExposure(small.lab);
  const roles = mapRoles(segmentation, small, exposure, look.colours.accent !== null);
  await report('architecture', 0.35);

  await report('generation', 0.4);
  const roleGains = planRoleGains(roles, segmentation.labels, REGION_COUNT, small, look, exposure);
  const gains = upsampleGains(smoothCellGains(roleGains, small), small, guide);
  const transfer = planTransfer(roleGains, small);
  await report('generation', 0.55);

  await report('enhancement', 0.6);
  const pixels = renderPass({
    source: data,
    width,
    height,
    channels,
    gains,
    gainWidth: guide.width,
    gainHeight: guide.height,
    grade: planGrade(look.grade, transfer),
    vignette: vignetteTable(look.grade.vignette),
    seed,
  });
  await report('enhancement', 0.85);
  const image = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
  onProgress?.({ phase: 'enhancement', fraction: 1 });
  return { image, width, height, engine: 'offline-preview' };
}

/** A re-roll with another seed should look a little different, never like another style: about ±2 ΔE per colour. */
function vary(look: StyleLook, random: () => number): StyleLook {
  const jitter = (colour: Lab | null): Lab | null =>
    colour && [colour[0] + (random() - 0.5) * 3, colour[1] + (random() - 0.5) * 4, colour[2] + (random() - 0.5) * 4];
  const colours = Object.fromEntries(SWATCH_ROLES.map((role) => [role, jitter(look.colours[role])])) as Record<SwatchRole, Lab | null>;
  return { ...look, colours };
}
