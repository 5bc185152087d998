// The offline render engine: restyles a room photo on the CPU, deterministically, with no network and no model weights.
// Decode; read the room on small copies (k-means regions in Lab, floor, walls, dark details, and the view and ceiling
// that stay as photographed); plan each part's recolour toward the style's swatches and its light; one
// full-resolution pass; JPEG. See render-plan.ts.
import sharp from 'sharp';
import { LIMITS, type StyleId } from '#shared/constants';
import type { SwatchRole } from '#shared/styles';
import { fitInside, toGuide } from './downscale';
import { analyse, findRoomParts, FIELD_GRID_SIZE, planRecolour } from './render-plan';
import { unpaintedParts } from './room-roles';
import { renderPass } from './render-pass';
import { floorLight } from './floor-light';
import { closeFloorRows } from './floor-lines';
import { materialSampler } from './floor-materials';
import { floorMapping } from './room-geometry';

export type RenderPhase = 'analysis' | 'architecture' | 'generation' | 'enhancement';

export type OfflineRenderInput = {
  /** JPEG, already upright and at most 1920 px on the longest side. */
  image: Buffer;
  /** A preset, or null for custom-only. */
  styleId: StyleId | null;
  /** Free text; alone it sets the palette from its colour words, with a preset it nudges the preset. */
  customPrompt: string | null;
  /** A refinement of an earlier result ("paint the walls sage green"): only the named surfaces change. */
  refinement?: string;
  /** Integer below 1,000,000; same input and seed give byte-identical output. */
  seed: number;
  onProgress?: (event: { fraction: number; phase: RenderPhase }) => void;
};

export type OfflineRenderOutput = {
  image: Buffer;
  width: number;
  height: number;
  engine: 'offline-preview';
  /** Parts the look has a colour for that this photo does not show (no cabinets to paint white), so none changed. */
  partsNotFound: SwatchRole[];
  /** Parts the look has a light colour for that this photo shows only as dark pieces (black cabinets), which are kept. */
  partsKeptDark: SwatchRole[];
};

const JPEG_QUALITY = 90;

/** The photo's pixels, and the guide: the copy the room is read on (render-plan.ts). */
export async function decodeWithGuide(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const guideSize = fitInside(width, height, FIELD_GRID_SIZE);
  // libvips shrinks the decoded pixels several times faster than a JavaScript loop would.
  const shrunk = await sharp(data, { raw: { width, height, channels } })
    .resize(guideSize.width, guideSize.height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width, height, channels, guide: toGuide(shrunk.data, shrunk.info.width, shrunk.info.height, shrunk.info.channels) };
}

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
  const { data, width, height, channels, guide } = await decodeWithGuide(input.image);
  const analysis = analyse(guide, input.styleId, input.customPrompt, seed, input.refinement);
  await report('analysis', 0.15);

  await report('architecture', 0.2);
  const parts = findRoomParts(analysis);
  await report('architecture', 0.35);

  await report('generation', 0.4);
  const { fields, grade, floorColours } = planRecolour(analysis, parts, guide);
  const { floorMaterial } = analysis.look;
  const floor =
    parts.floorPlane && floorMaterial
      ? {
          mapping: floorMapping(parts.floorPlane, width, height),
          sample: materialSampler(floorMaterial, seed),
          light: floorLight(guide.linear, fields, guide.width, guide.height, floorColours?.photographed ?? null),
          boards: await closeFloorRows(data, width, height, channels, fields, guide.width, guide.height),
        }
      : null;
  await report('generation', 0.5);
  // One pass applies the recolour and the finish together (white balance, curve, saturation), so the
  // pixels are rounded to 8 bits once.
  await report('enhancement', 0.55);
  const pixels = renderPass({
    source: data,
    width,
    height,
    channels,
    fields,
    fieldWidth: guide.width,
    fieldHeight: guide.height,
    grade,
    seed,
    floor,
    floorColours,
  });
  await report('enhancement', 0.85);
  const image = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  onProgress?.({ phase: 'enhancement', fraction: 1 });
  const { notFound, keptDark } = unpaintedParts(analysis.look, parts.roles);
  return { image, width, height, engine: 'offline-preview', partsNotFound: notFound, partsKeptDark: keptDark };
}
