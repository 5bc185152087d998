// The offline engine's contract: deterministic output of the input's size, progress in phase order, custom
// prompts steering the colours, and clear errors for bad seeds.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants';
import { deltaE2000, hexToLab, type Lab } from './colour';
import { lightnessToY } from './exposure';
import { renderOffline, type RenderPhase } from './offline-engine';
import { resolveLook } from './prompt-look';
import { toLabImage } from './quality/redesign-figures';
import { labelMask, readRoomLabels, type LabelledRoom, type SurfaceLabel } from './quality/room-labels/room-labels';
import { loadRoom } from './test-fixtures';

/** Mean Lab colour of an image inside one label of a labelled photo. */
async function meanInside(image: Buffer, room: LabelledRoom, label: SurfaceLabel): Promise<Lab> {
  const { lab, width, height } = await toLabImage(image);
  const sum = [0, 0, 0];
  let count = 0;
  for (const mask of labelMask(readRoomLabels(room), label, width, height)) {
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      for (let c = 0; c < 3; c++) sum[c] += lab[i * 3 + c];
      count++;
    }
  }
  return [sum[0] / count, sum[1] / count, sum[2] / count];
}

const PHASES: readonly RenderPhase[] = ['analysis', 'architecture', 'generation', 'enhancement'];

describe('renderOffline', () => {
  it('gives byte-identical JPEGs of the input size for the same input and seed', async () => {
    const image = await loadRoom('dining_room_1');
    const input = { image, styleId: 'farmhouse-chic' as const, customPrompt: null, seed: 424_242 };
    const first = await renderOffline(input);
    const second = await renderOffline(input);
    const { width, height, format } = await sharp(first.image).metadata();

    expect(first.image.equals(second.image)).toBe(true);
    expect(format).toBe('jpeg');
    expect({ width, height }).toEqual(
      await sharp(image)
        .metadata()
        .then((m) => ({ width: m.width, height: m.height })),
    );
    expect(first).toMatchObject({ width, height, engine: 'offline-preview' });
  });

  it('varies the result with the seed', async () => {
    const image = await loadRoom('kitchen_1');
    const [a, b] = await Promise.all(
      [1, 2].map((seed) => renderOffline({ image, styleId: 'modern-minimalist', customPrompt: null, seed })),
    );
    expect(a.image.equals(b.image)).toBe(false);
  });

  it('reports progress through the four phases in order, fractions rising to 1', async () => {
    const events: { phase: RenderPhase; fraction: number }[] = [];
    await renderOffline({
      image: await loadRoom('home_office_1'),
      styleId: 'modern-zen',
      customPrompt: null,
      seed: 3,
      onProgress: (event) => events.push(event),
    });

    const phaseOrder = events.map((event) => PHASES.indexOf(event.phase));
    expect(new Set(events.map((event) => event.phase))).toEqual(new Set(PHASES));
    expect(phaseOrder).toEqual([...phaseOrder].sort((x, y) => x - y));
    const fractions = events.map((event) => event.fraction);
    expect(fractions).toEqual([...fractions].sort((x, y) => x - y));
    expect(fractions.at(-1)).toBe(1);
  });

  it('moves a custom-only prompt toward navy cabinets, brass and white oak', async () => {
    const prompt = 'navy cabinets with brass hardware and white oak floors';
    const look = resolveLook(null, prompt);
    const navy = hexToLab('#1F2A44');
    expect(deltaE2000(look.colours.feature!, navy)).toBeLessThan(1);
    expect(deltaE2000(look.colours.accent!, hexToLab('#B5A04A'))).toBeLessThan(1);
    expect(deltaE2000(look.colours.floor!, hexToLab('#C8AE88'))).toBeLessThan(1);

    const input = await loadRoom('kitchen_1');
    const output = await renderOffline({ image: input, styleId: null, customPrompt: prompt, seed: 11 });
    // The black cupboard (its hand-drawn label) should now read as navy.
    const cupboardBefore = await meanInside(input, 'kitchen_1', 'cabinets');
    const cupboardAfter = await meanInside(output.image, 'kitchen_1', 'cabinets');
    expect(deltaE2000(cupboardAfter, navy)).toBeLessThan(deltaE2000(cupboardBefore, navy) / 2);
  });

  it('says which parts it has a colour for that the photo does not show, or shows only as a dark piece it keeps', async () => {
    // kitchen_1's only cabinet is black (a dark piece, which keeps its colour unless the cabinets are to be dark).
    const white = await renderOffline({ image: await loadRoom('kitchen_1'), styleId: null, customPrompt: 'white cabinets', seed: 2 });
    expect(white.partsKeptDark).toEqual(['feature']);
    expect(white.partsNotFound).not.toContain('feature');
    expect(white.partsNotFound).not.toContain('walls');
    // kitchen_2 is an empty room with white walls: no cabinets, and no dark piece that might be one.
    const empty = await renderOffline({ image: await loadRoom('kitchen_2'), styleId: null, customPrompt: 'white cabinets', seed: 2 });
    expect(empty.partsNotFound).toContain('feature');
    expect(empty.partsKeptDark).toEqual([]);
    const navy = await renderOffline({ image: await loadRoom('kitchen_1'), styleId: null, customPrompt: 'navy cabinets', seed: 2 });
    expect(navy.partsNotFound).not.toContain('feature');
    expect(navy.partsKeptDark).toEqual([]);
    const preset = await renderOffline({ image: await loadRoom('living_room_1'), styleId: 'farmhouse-chic', customPrompt: null, seed: 2 });
    expect(preset.partsNotFound).not.toContain('walls');
    expect(preset.partsNotFound).not.toContain('floor');
  });

  it('falls back to a neutral look for a prompt without colour words', async () => {
    const look = resolveLook(null, 'make it nicer please');
    expect(look.colours.walls).not.toBeNull();
    expect([look.colours.floor, look.colours.feature, look.colours.dark, look.colours.accent]).toEqual([null, null, null, null]);
    const output = await renderOffline({
      image: await loadRoom('bedroom_1'),
      styleId: null,
      customPrompt: 'make it nicer please',
      seed: 5,
    });
    expect(output.width).toBeGreaterThan(0);
  });

  // Decision 070: new surfaces are lit as the photo is, so the same room photographed darker is the same redesign,
  // darker. (With the exposure held at 0.3 or more, both rooms' new walls came out half as bright again as that.)
  it('lights the new walls as the photo is lit: the same room taken darker comes out darker by as much', async () => {
    const look = { styleId: 'contemporary-outdoor' as const, customPrompt: null, seed: 7 };
    for (const room of ['kitchen_2', 'dining_room_1'] as const) {
      const photo = await sharp(await loadRoom(room))
        .resize(640)
        .jpeg({ quality: 92 })
        .toBuffer();
      const darker = await sharp(photo).linear(0.7, 0).jpeg({ quality: 92 }).toBuffer();
      const wallLight = async (image: Buffer) => lightnessToY((await meanInside(image, room, 'wall'))[0]);
      const photosRatio = (await wallLight(darker)) / (await wallLight(photo));
      const [taken, dim] = await Promise.all(
        [photo, darker].map(async (image) => wallLight((await renderOffline({ image, ...look })).image)),
      );
      expect(dim / taken / photosRatio, room).toBeGreaterThan(0.8);
      expect(dim / taken / photosRatio, room).toBeLessThan(1.25);
    }
  });

  it('renders greyscale, PNG-with-alpha and tiny inputs as three-channel JPEGs of their size', async () => {
    const grey = await sharp(await loadRoom('kitchen_2'))
      .resize(320)
      .grayscale()
      .jpeg()
      .toBuffer();
    const rgba = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 200, g: 180, b: 150, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const tiny = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#a08060' } })
      .jpeg()
      .toBuffer();
    for (const image of [grey, rgba, tiny]) {
      const output = await renderOffline({ image, styleId: 'transitional', customPrompt: null, seed: 9 });
      const meta = await sharp(output.image).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', channels: 3 });
      expect([meta.width, meta.height]).toEqual([output.width, output.height]);
    }
  });

  it.each([-1, 1.5, LIMITS.renderSeedBelow, Number.NaN])('rejects seed %s', async (seed) => {
    await expect(renderOffline({ image: await loadRoom('kitchen_1'), styleId: 'transitional', customPrompt: null, seed })).rejects.toThrow(
      RangeError,
    );
  });
});
