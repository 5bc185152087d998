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
 * new floor material replaces the old boards' pattern): dark walls behind white trim and bright windows, under a
 * ceiling kept as photographed. The measure scales each edge map by its own strongest edges, so the faint corner
 * between a white wall and a white ceiling, become the line between charcoal paint and the white ceiling, outweighs
 * the rest (decisions 035, 064 and 065). Renders that left this list, and what brought them back over the guard, are
 * recorded in the decisions (046–091).
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
 * Where the worst chroma-shift spread stands today: 5.4, bedroom_1 in Mediterranean Oasis, on its floor (decisions
 * 108 and 109; 5.9 before them, when the pull that evens out the old boards scaled their chroma too). About half of
 * what is left is light: the blown-out stripes and the darkest shade carry less of the terracotta's chroma than the
 * rest, as a deep colour does in less light, and the shift is measured in absolute a and b. The rest is the tiles'
 * grout and the old maple's own chroma variation, which a laid floor keeps (decision 106). How the worst came down
 * from 12.0 is recorded in the decisions (051–109).
 */
const WORST_BLOTCH_TODAY = 5.6;
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
