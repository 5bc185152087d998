// The offline engine judged as a redesign, by issue 19's figures (quality/redesign-figures.ts): every labelled room
// photo in all eleven presets and two homeowners' own words, rendered at 960 px (the figures are taken at 480 px;
// the bench repeats this at 1920 px). Two bars are not met yet; their tests hold the engine to where it stands and
// `it.fails` marks each unmet bar, so the day it is met the test says so and the ratchet gives way to the bar.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderOffline } from './offline-engine';
import {
  CUSTOM_LOOKS,
  FIGURES_SEED,
  LAYOUT_GUARD,
  measureRenderer,
  PRESET_LOOKS,
  type Measured,
  type PhotoVariant,
} from './quality/measure-renderer';
import { BARS } from './quality/redesign-figures';
import { LABELLED_ROOMS } from './quality/room-labels/room-labels';

const SIZE = 960;

/**
 * Renders whose edge map moves below the layout guard today (measured outside the labelled floor's inside, where a
 * new floor material replaces the old boards' pattern): dark walls behind white trim and bright windows, and under a
 * ceiling that is kept as photographed, where the picture's strongest edges change (the measure scales each edge map
 * by its own strongest edges, so a faint corner between a white wall and a white ceiling that becomes the line
 * between charcoal paint and the white ceiling outweighs the rest; decision 035). (home_office_1 in Industrial Loft,
 * 0.799, is back over the guard, 0.802, since the new floor keeps the light's own steps in its sun patches, decision
 * 091. kitchen_2 in Mediterranean
 * Oasis, 0.793 since the floor reached up through its texture, floor-texture.ts, is back over the guard, 0.813, since
 * the light under a new floor keeps its shadows near the floor's edge, decision 090. kitchen_2 in Contemporary
 * Outdoor, 0.792 since decision 066, and in Farmhouse Chic, 0.789 since decision 067, are back over the guard, 0.805
 * and 0.802, since the guided filter keeps the field as upsampled where a busy window's fit explains little of it,
 * decision 078. kitchen_2 in Modern Minimalist, 0.777, and Farmhouse Chic, 0.766, were back
 * over the guard, 0.832 and 0.800, since the floor's inside, which the measure leaves out, no longer sets the scale of
 * its edge maps: the sun stripes on the carpet had been the photo's strongest edges, decision 064. kitchen_2 in
 * Contemporary Luxe, 0.798 since decision 046, is back over the guard since painted mouldings are no longer taken for
 * a view, decision 051. living_room_12mp in Industrial Loft is back over it since the field is fitted to the photo's
 * edges, decision 053. living_room_1 in the dark library look, 0.794 since decision 057, is back over it, 0.812, since
 * the lower ceiling between its beam and its walls is kept, decision 061. living_room_12mp in Contemporary Luxe, 0.784,
 * is back over it, 0.806, since its cream curtains are no longer painted with the walls, decision 087.)
 */
const KNOWN_BELOW_LAYOUT_GUARD = new Set([
  'home_office_1 / contemporary-luxe',
  'home_office_1 / "dark moody library with brass lamps"',
  'kitchen_1 / contemporary-luxe',
  'kitchen_1 / "dark moody library with brass lamps"',
  'kitchen_2 / "dark moody library with brass lamps"',
  'living_room_12mp / "dark moody library with brass lamps"',
]);
/**
 * Where the worst chroma-shift spread stands today: 5.9, bedroom_1 in Mediterranean Oasis, on its floor, since its
 * blown-out stripes of sun are no longer taken for the left wall's foot and carry the new tiles (decision 105; 6.5
 * before, when they and the maple beyond them took the wall's recolour, a pale cream). Its terracotta is laid there
 * since decision 100 (the photo's roll, 4°, had kept it to a recolour, 5.7). A laid material
 * replaces the old floor, so the shift inside the floor polygon is the new floor's chroma less the old one's, and the
 * old maple's own chroma varies by 5.4 (its sheen, its boards); a recolour shifts every pixel's chroma alike and so
 * hides that. Before, 5.7 was bedroom_1 in the dark library look, on its floor. kitchen_1
 * in Industrial Loft was the worst until decision 083 (5.9), on the wall under the fireplace, whose daylit left end
 * was taken for a view with the shelf niche and kept as photographed; then 5.3 on the wall over the niche, kept as
 * the ceiling beside the painted wall it is the top of, until decision 084 (3.9). Before decision 078 the worst was
 * bedroom_1's floor (6.1): the guided filter blended the floor's paint with the wall's across the heaters' busy foot,
 * a band of paler floor along them, and the sun stripes stay brighter than the new floor can be and so carry less of
 * its colour (7.3 before decision 060 took the floor's shade under the heaters in; 5.9 before decision 076 left the
 * heater's body by the corner out of the floor). The pillar between dining_room_1's two left windows was the worst
 * until decision 066 (7.5; 12.0 before decision 051 took its mouldings for a view, 8.2 before decision 056): its
 * window jamb, lit white by the daylight, was kept with the window while the rest of the pillar took the walls' paint.
 */
const WORST_BLOTCH_TODAY = 6;
/** Where the ceiling's worst tenth stands today (mean ΔE inside the labelled ceiling): 0.69 (8.8 before decision 050,
 * 0.96 before decision 058, 0.93 before decision 062). */
const CEILING_WORST_TENTH_TODAY = 1;

const measureEngine = (variant: PhotoVariant) =>
  measureRenderer(
    async (image, look) => (await renderOffline({ image, ...look, seed: FIGURES_SEED })).image,
    [...PRESET_LOOKS, ...CUSTOM_LOOKS],
    SIZE,
    variant,
  );

let figures: Measured;
beforeAll(async () => {
  figures = await measureEngine('as taken');
}, 300_000);

describe('the offline engine as a redesign', () => {
  it('keeps the view through the windows', () => {
    expect(figures.viewKeptMedian).toBeLessThanOrEqual(BARS.viewKeptMedian);
    expect(figures.viewKeptWorstTenth).toBeLessThanOrEqual(BARS.viewKeptWorstTenth);
  });

  it('restyles the floor', () => {
    expect(figures.floorRestyledMedian).toBeGreaterThanOrEqual(BARS.floorRestyledMedian);
  });

  it('changes the surfaces far more than the view', () => {
    expect(figures.surfaceOverWindowMedian).toBeGreaterThanOrEqual(BARS.surfaceOverWindowMedian);
  });

  it('leaves the ceiling as photographed', () => {
    expect(figures.ceilingKeptMedian).toBeLessThanOrEqual(BARS.ceilingKeptMedian);
    // Where the worst tenth stands today (0.69: home_office_1, whose right wall's paint still fades into the lowest
    // row of tiles, where the guided filter blends across their soft corner; at most 1.8 there).
    expect(figures.ceilingKeptWorstTenth).toBeLessThan(CEILING_WORST_TENTH_TODAY);
  });

  it('sets the styles apart on every photo', () => {
    expect(figures.stylesApartWorstPhoto).toBeGreaterThanOrEqual(BARS.stylesApartMedian);
  });

  it(`keeps the layout (edge SSIM ≥ ${LAYOUT_GUARD}) on every render but the known dark-wall and floor-line cases`, () => {
    const below = figures.renders.filter(({ layout }) => layout < LAYOUT_GUARD).map(({ name }) => name);
    expect(below.filter((render) => !KNOWN_BELOW_LAYOUT_GUARD.has(render))).toEqual([]);
    // And the list is no longer than it must be: a render that comes back over the guard leaves it.
    expect([...KNOWN_BELOW_LAYOUT_GUARD].filter((render) => !below.includes(render))).toEqual([]);
    expect(figures.renders).toHaveLength(LABELLED_ROOMS.length * (PRESET_LOOKS.length + CUSTOM_LOOKS.length));
  });

  it.fails(`keeps the layout on every render (not yet met: ${KNOWN_BELOW_LAYOUT_GUARD.size} renders below)`, () => {
    expect(figures.renders.filter(({ layout }) => layout < LAYOUT_GUARD)).toEqual([]);
  });

  it(`paints no new blotches beyond where it stands (worst spread under ${WORST_BLOTCH_TODAY})`, () => {
    expect(figures.worstBlotch).toBeLessThan(WORST_BLOTCH_TODAY);
  });

  it.fails(`paints every wall and floor evenly (chroma-shift spread ≤ ${BARS.worstBlotch}; not yet met)`, () => {
    expect(figures.worstBlotch).toBeLessThanOrEqual(BARS.worstBlotch);
  });
});

// The same bars on the photos as the engine has not seen them: mirrored, and underexposed.
describe.each(['mirrored', 'darker'] as const)('the offline engine on %s photos', (variant) => {
  let unseen: Measured;
  beforeAll(async () => {
    unseen = await measureEngine(variant);
  }, 300_000);

  it('keeps the view and the ceiling, restyles the floor and sets the styles apart', () => {
    expect(unseen.failures.filter((failure) => !failure.startsWith('no blotches'))).toEqual([]);
  });
});

// Under warm light (white-balance.ts reads the room as if under white light).
describe('the offline engine on warmer photos', () => {
  let warmer: Measured;
  beforeAll(async () => {
    warmer = await measureEngine('warmer');
  }, 300_000);

  it('keeps the view and the ceiling, restyles the floor and sets the styles apart', () => {
    expect(warmer.failures.filter((failure) => !failure.startsWith('no blotches'))).toEqual([]);
  });
});
