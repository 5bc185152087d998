// Renders every labelled photo in every preset (and in custom text) with some renderer and takes the redesign
// figures over the lot. The engine's tests, its controls and `npm run bench` all go through here.
import path from 'node:path';
import sharp from 'sharp';
import { KITCHEN_STYLE_IDS, OUTDOOR_STYLE_IDS, type StyleId } from '#shared/constants';
import { edgeSimilarity } from '../quality-metrics';
import { labelMasks, setFigures, toLabImage, type PhotoRenders, type RenderFigures, type SetFigures } from './redesign-figures';
import { LABELLED_ROOMS, labelMask, readRoomLabels, type LabelledRoom, type RoomLabels } from './room-labels/room-labels';

/** All eleven presets, on every photo: a style is not checked only on the rooms it is offered for. */
export const ALL_PRESETS: readonly StyleId[] = [...KITCHEN_STYLE_IDS, ...OUTDOOR_STYLE_IDS];

/** What a homeowner might type instead of (or with) a preset. */
export const CUSTOM_TEXTS = ['sage green walls and a walnut floor', 'dark moody library with brass lamps'] as const;

export type Look = { styleId: StyleId | null; customPrompt: string | null };

export const PRESET_LOOKS: readonly Look[] = ALL_PRESETS.map((styleId) => ({ styleId, customPrompt: null }));
export const CUSTOM_LOOKS: readonly Look[] = CUSTOM_TEXTS.map((customPrompt) => ({ styleId: null, customPrompt }));

export type Renderer = (image: Buffer, look: Look) => Promise<Buffer>;

const FIXTURE_DIR = path.resolve('../shared/fixtures/rooms');
const photos = new Map<string, Promise<Buffer>>();

/** A labelled photo as uploads reach the engines: upright JPEG, long side at most `size`. */
export function labelledPhoto(room: LabelledRoom, size = 1920): Promise<Buffer> {
  const key = `${room}@${size}`;
  let photo = photos.get(key);
  if (!photo) {
    photo = sharp(path.join(FIXTURE_DIR, readRoomLabels(room).photo))
      .rotate()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 92 })
      .toBuffer();
    photos.set(key, photo);
  }
  return photo;
}

/** The layout guard: a render whose edge map's SSIM against the photo's is below this has moved the room. */
export const LAYOUT_GUARD = 0.8;
/**
 * The layout guard leaves out the inside of the floor: a new floor material replaces the old boards' or carpet's
 * pattern, which is the redesign, not a moved room. The floor's edge (skirting boards, where furniture stands) stays
 * in: the labelled floor is shrunk by this many pixels of the 256 px measure (decision 034). Where the floor runs out
 * of the photo it goes on past the frame, which is no edge of it: there the floor is not shrunk (decision 097).
 */
const FLOOR_EDGE_BAND = 4;

export function floorInterior(labels: RoomLabels, width: number, height: number): Uint8Array {
  const floor = new Uint8Array(width * height);
  for (const mask of labelMask(labels, 'floor', width, height)) for (let i = 0; i < mask.length; i++) floor[i] |= mask[i];
  // Erosion by a square: a pixel stays only if every pixel within the band is floor, past the frame the nearest
  // pixel inside it.
  const inside = new Uint8Array(width * height);
  const clamp = (value: number, size: number) => Math.min(size - 1, Math.max(0, value));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let all = 1;
      for (let dy = -FLOOR_EDGE_BAND; dy <= FLOOR_EDGE_BAND && all; dy++) {
        const row = clamp(y + dy, height) * width;
        for (let dx = -FLOOR_EDGE_BAND; dx <= FLOOR_EDGE_BAND; dx++) {
          if (!floor[row + clamp(x + dx, width)]) {
            all = 0;
            break;
          }
        }
      }
      inside[y * width + x] = all;
    }
  }
  return inside;
}

/** One render, named "photo / look": its edge SSIM against its photo (the layout guard's figure) and its own figures. */
export type MeasuredRender = { name: string; layout: number; figures: RenderFigures };

export type Measured = Omit<SetFigures, 'perRender'> & { renders: MeasuredRender[] };

/** How a look is named in the figures: its preset, or its words in quotes. */
export const lookName = (look: Look) => look.styleId ?? `"${look.customPrompt}"`;

/**
 * The labelled photos as the engine has not seen them, for checking that its figures are not tuned to the
 * fixtures: mirrored left to right (the labels mirrored with them), taken darker (every sRGB value at 70 %, as
 * an underexposed phone photo), or warmer (red at 106 % and blue at 85 %, as under lamplight a phone did not
 * correct).
 */
export type PhotoVariant = 'as taken' | 'mirrored' | 'darker' | 'warmer';
export const PHOTO_VARIANTS: readonly PhotoVariant[] = ['as taken', 'mirrored', 'darker', 'warmer'];

/** The seed the engine's tests, its figures and the contact sheet render with. */
export const FIGURES_SEED = 7;

export async function photoVariant(
  room: LabelledRoom,
  size: number,
  variant: PhotoVariant,
): Promise<{ photo: Buffer; labels: RoomLabels }> {
  const photo = await labelledPhoto(room, size);
  const labels = readRoomLabels(room);
  if (variant === 'mirrored') {
    return {
      photo: await sharp(photo).flop().jpeg({ quality: 92 }).toBuffer(),
      labels: { ...labels, regions: labels.regions.map((region) => ({ ...region, points: region.points.map(([x, y]) => [1 - x, y]) })) },
    };
  }
  if (variant === 'darker') return { photo: await sharp(photo).linear(0.7, 0).jpeg({ quality: 92 }).toBuffer(), labels };
  if (variant === 'warmer') {
    const warm = sharp(photo).recomb([
      [1.06, 0, 0],
      [0, 1, 0],
      [0, 0, 0.85],
    ]);
    return { photo: await warm.jpeg({ quality: 92 }).toBuffer(), labels };
  }
  return { photo, labels };
}

/** Renders `looks` on every labelled photo (at `size` px) and measures the set. */
export async function measureRenderer(
  render: Renderer,
  looks: readonly Look[],
  size = 1920,
  variant: PhotoVariant = 'as taken',
): Promise<Measured> {
  const measured: PhotoRenders[] = [];
  const named: Omit<MeasuredRender, 'figures'>[] = [];
  for (const room of LABELLED_ROOMS) {
    const { photo, labels } = await photoVariant(room, size, variant);
    const before = await toLabImage(photo);
    const outputs = [];
    for (const look of looks) {
      const output = await render(photo, look);
      outputs.push(await toLabImage(output));
      named.push({
        name: `${room} / ${lookName(look)}`,
        layout: await edgeSimilarity(photo, output, (width, height) => floorInterior(labels, width, height)),
      });
    }
    measured.push({ before, masks: labelMasks(labels, before.width, before.height), outputs });
  }
  const { perRender, ...set } = setFigures(measured);
  return { ...set, renders: named.map((render, i) => ({ ...render, figures: perRender[i] })) };
}
