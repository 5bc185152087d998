// The offline engine's reading of every labelled photo, as taken and as it has not seen them (mirrored, darker,
// warmer): the hand-drawn floor found, no hand-drawn wall taken for floor or left as photographed, no hand-drawn
// furniture painted with the walls or taken for floor (a rug), and the hand-drawn ceiling left as photographed, at the
// tests' 960 px, at the 1920 px uploads reach it at, and at 640 px, as a small upload reaches it
// (quality/room-reading.ts). The renders' figures cannot see a wall painted evenly in the floor's colour, or a wall
// left evenly as it was; this can.
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_VARIANTS, photoVariant } from './quality/measure-renderer';
import { readPhoto, readRoom, type Reading } from './quality/room-reading';
import { LABELLED_ROOMS } from './quality/room-labels/room-labels';
import { SYNTHETIC_RUGS, withSyntheticRug } from './quality/synthetic-rug';

/** At least this share of the hand-drawn floor must be found (a strip along its far edge may be missed). */
const FLOOR_FOUND_AT_LEAST = 0.85;
/** At most this share of any hand-drawn wall may be taken for floor, or left as photographed. */
const WALL_MISREAD_AT_MOST = 0.2;
/**
 * The tests' size, the size most uploads reach the engine at, and a small upload's (they are not enlarged): a
 * reading can differ between them, since the copies the room is read on are shrunk by a different factor.
 */
const SIZES = [640, 960, 1920] as const;
/**
 * At most this share of a hand-drawn piece of furniture may be painted with the walls. living_room_12mp's cream
 * curtains were, 0.59–0.77 of them in every reading, until decision 087 told them from paint by their texture;
 * 0.00–0.25 are now: cells beside the window between two panels, and in the darker copy a panel whose damask is
 * softer.
 */
const FURNITURE_PAINTED_AT_MOST = 0.3;
/** At most this share of a hand-drawn piece of furniture may be taken for floor, where a new floor would be laid. */
const FURNITURE_FLOORED_AT_MOST = 0.2;
/**
 * Furniture taken for floor today (decision 102). living_room_12mp's rug (labelled with the prayer mat on it) is
 * taken for floor in every reading (0.93 to 0.97 of it): it covers two thirds of the floor in view, so the floor's
 * colour is read from it, and the boards round it, redder, are what lies on the floor unlike it. A new floor is laid
 * over the rug, and the boards keep some of their own colour. At 1920 px mirrored a third of the leather sofa's
 * labelled strip is taken for floor too.
 */
const RUG = 'living_room_12mp: rug, with a prayer mat on it';
const KNOWN_FLOORED = new Set([
  ...SIZES.flatMap((size) => PHOTO_VARIANTS.map((variant) => `${size} px ${variant} ${RUG}`)),
  '1920 px mirrored living_room_12mp: leather sofa',
]);
/** At least this share of the hand-drawn ceiling must be left as photographed. */
const CEILING_KEPT_AT_LEAST = 0.85;
/**
 * Ceilings lost today: kitchen_1 at 960 px taken darker, a third of its high ceiling (all of it before decision 071),
 * where the growth runs down its right wall (at 640 and 1920 px it is kept). home_office_1's tiled ceiling, whose
 * corner with its dim right wall is soft, lost about a fifth at 960 px darker and under warm light until the growth
 * was tried again there with smaller steps (decision 071).
 */
const KNOWN_CEILING_LOST = new Set(['960 px darker kitchen_1']);

/**
 * Walls taken for floor today: bedroom_1's tan walls below its windows, under warm light its left wall at 640 and
 * 1920 px and taken darker its right wall at 1920 px. Their colour and the boards' are alike, and the top colour
 * sample never sees them (the windows fill the top half), so the floor line can climb to the sill. Since decision 080
 * the wall is cleared where it is half as textured as the boards before its foot and runs up to the window: that
 * cleared the right wall in the other five readings. Under warm light the left wall's foot is not found as one edge
 * whose "floor" beyond ends at the window (at 640 px a third of the wall is cleared), and taken darker at 1920 px the
 * right wall is 0.52–0.55 as textured as the boards, just over the bar.
 */
const LEFT_WALL = 'bedroom_1: left wall under the windows, above the heater';
const RIGHT_WALL = 'bedroom_1: right wall under the windows, above the heater';
const KNOWN_TAKEN_FOR_FLOOR = new Set([`640 px warmer ${LEFT_WALL}`, `1920 px darker ${RIGHT_WALL}`, `1920 px warmer ${LEFT_WALL}`]);
/**
 * Walls left as photographed today: dining_room_1's pillar between two windows, half of it taken for the view before
 * decision 051, is painted now but for its sunlit jamb: a little over a fifth of it, a third mirrored. With the floor
 * line a little lower beside it since decision 056, the window's frame takes in a cell or two more of the pillar (a
 * sixth to a fifth before). kitchen_1's shelf niche, left as photographed in every variant until decision 059 told its
 * black shelves from a window's glazing bars, is painted in every one. At 640 px as taken, the strip of kitchen_1's
 * fireplace wall beside the niche's frame was left with the frame (a little under a quarter of that wall) until
 * decision 077.
 * home_office_1's back wall in the lamp's pool of light, taken for a view (half to two thirds of it left) until
 * decision 075 told an unframed pool standing on the floor from a window, is painted in every variant but two: under
 * warm light the pool joins the light panel above it into one area whose outline lies on edges along 0.53 of its
 * length (0.95 of the wall left), and at 1920 px taken darker along 0.41, just over the bar (half of it left).
 * kitchen_1's fireplace wall below the fireplace, taken for floor down to the skirting until decision 076, is painted
 * but for its left end: the stretch of the fireplace wall beside the shelf niche, lit white by the daylight, is as
 * light and as much bluer than the warm-lit walls as a sky, and joins the niche's shelves into one framed area taken
 * for a view. A quarter of this wall is left in six readings (a half at 1920 px mirrored); the sky rule cannot tell
 * this daylit paint from living_room_1's glare through its windows, as light against its walls and as grey.
 * kitchen_1's fireplace wall above the bars and the shelf niche reaches the top of the photo (the ceiling is out of
 * the frame there): the ceiling's growth from the top edge runs down it until the bars, the niche's top and the
 * chandelier stop it, and it was kept as the ceiling in every reading. Where the growth ran down the wall between the
 * bars, the bars' top was carried across as the ceiling's corner until decision 077, and the part over the niche
 * stayed the ceiling, its foot on the niche's top, until decision 084 took the growth's whole area for the wall
 * where its foot beside the columns it ran down rests on a detail (the niche's lit jamb). It is painted in nine
 * readings now; in three the jamb is not read as a detail beside those columns, and the whole wall is left.
 */
const PILLAR = 'dining_room_1: pillar between the two left windows';
const LAMP_LIT_WALL = "home_office_1: back wall above the pin board, the switchboard and the door, in the lamp's light";
const UNDER_FIREPLACE = 'kitchen_1: fireplace wall, between the fireplace and the skirting';
const ABOVE_THE_BARS = 'kitchen_1: fireplace wall above the bars and the shelf niche, up to the top of the photo';
const KNOWN_LEFT_AS_IS = new Set([
  ...['640 px mirrored', '640 px warmer', '1920 px as taken'].map((reading) => `${reading} ${ABOVE_THE_BARS}`),
  ...SIZES.flatMap((size) => [`${size} px as taken ${PILLAR}`, `${size} px mirrored ${PILLAR}`, `${size} px warmer ${LAMP_LIT_WALL}`]),
  `1920 px darker ${LAMP_LIT_WALL}`,
  `1920 px warmer ${PILLAR}`,
  ...['640 px darker', '640 px warmer', '960 px as taken', '960 px darker', '960 px warmer', '1920 px mirrored'].map(
    (reading) => `${reading} ${UNDER_FIREPLACE}`,
  ),
]);

describe('the offline engine reading labelled rooms', () => {
  const readings: { name: string; reading: Reading }[] = [];
  /** The share of each hand-drawn ceiling kept. */
  const ceilings: { name: string; kept: number }[] = [];
  beforeAll(async () => {
    for (const variant of PHOTO_VARIANTS) {
      for (const room of LABELLED_ROOMS) {
        for (const size of SIZES) {
          const reading = await readRoom(room, variant, size);
          const name = `${size} px ${variant} ${room}`;
          readings.push({ name, reading });
          if (reading.ceilingKept !== null) ceilings.push({ name, kept: reading.ceilingKept });
        }
      }
    }
  }, 180_000);
  /** "size variant room: wall" for each wall whose `measure` is over the bar. */
  const misread = (measure: 'takenForFloor' | 'leftAsIs') =>
    readings.flatMap(({ name, reading }) =>
      reading.walls.filter((wall) => wall[measure] > WALL_MISREAD_AT_MOST).map((wall) => `${name}: ${wall.wall}`),
    );

  it('finds the hand-drawn floor in every photo', () => {
    expect(readings).toHaveLength(SIZES.length * PHOTO_VARIANTS.length * LABELLED_ROOMS.length);
    const missed = readings.filter(({ reading }) => reading.floorFound < FLOOR_FOUND_AT_LEAST);
    expect(missed.map(({ name, reading }) => `${name} ${reading.floorFound.toFixed(2)}`)).toEqual([]);
  });

  it('takes no hand-drawn wall for floor, and leaves none as photographed, but the known ones', () => {
    expect(misread('takenForFloor').filter((wall) => !KNOWN_TAKEN_FOR_FLOOR.has(wall))).toEqual([]);
    expect(misread('leftAsIs').filter((wall) => !KNOWN_LEFT_AS_IS.has(wall))).toEqual([]);
  });

  it('paints no hand-drawn furniture with the walls (curtains as light as the walls)', () => {
    const painted = readings.flatMap(({ name, reading }) =>
      reading.furniture.filter((piece) => piece.takenForWall > FURNITURE_PAINTED_AT_MOST).map((piece) => `${name}: ${piece.piece}`),
    );
    expect(readings.some(({ reading }) => reading.furniture.length > 0)).toBe(true);
    expect(painted).toEqual([]);
  });

  /** "size variant room: piece" for each piece of furniture taken for floor over the bar. */
  const floored = () =>
    readings.flatMap(({ name, reading }) =>
      reading.furniture.filter((piece) => piece.takenForFloor > FURNITURE_FLOORED_AT_MOST).map((piece) => `${name}: ${piece.piece}`),
    );

  it('lays no floor over hand-drawn furniture, but the known ones', () => {
    expect(floored().filter((piece) => !KNOWN_FLOORED.has(piece))).toEqual([]);
  });

  it.fails(`lays no floor over hand-drawn furniture, a rug included (not yet met: ${KNOWN_FLOORED.size} pieces)`, () => {
    expect(floored()).toEqual([]);
  });

  it('leaves the hand-drawn ceiling as photographed, but the known ones, at every size', () => {
    // Every labelled photo but kitchen_2, whose labels draw no ceiling.
    expect(ceilings).toHaveLength(SIZES.length * PHOTO_VARIANTS.length * (LABELLED_ROOMS.length - 1));
    const lost = ceilings.filter(({ kept }) => kept < CEILING_KEPT_AT_LEAST);
    expect(lost.filter(({ name }) => !KNOWN_CEILING_LOST.has(name)).map(({ name, kept }) => `${name} ${kept.toFixed(2)}`)).toEqual([]);
  });

  it.fails(`leaves every hand-drawn ceiling as photographed (not yet met: ${KNOWN_CEILING_LOST.size} ceilings)`, () => {
    expect(ceilings.filter(({ kept }) => kept < CEILING_KEPT_AT_LEAST)).toEqual([]);
  });

  it.fails(`takes no hand-drawn wall for floor (not yet met: ${KNOWN_TAKEN_FOR_FLOOR.size} walls)`, () => {
    expect(misread('takenForFloor')).toEqual([]);
  });

  it.fails(`leaves no hand-drawn wall as photographed (not yet met: ${KNOWN_LEFT_AS_IS.size} walls)`, () => {
    expect(misread('leftAsIs')).toEqual([]);
  });
});

/**
 * Rugs laid into the labelled photos (quality/synthetic-rug.ts, decision 103): one furnished photo cannot tell a rule
 * for rugs from a rule for that rug. living_room_12mp is left out: its own rug covers the floor in view.
 */
const RUG_ROOMS = LABELLED_ROOMS.filter((room) => room !== 'living_room_12mp');
/**
 * Rugs taken for floor today (decision 103): every rug but the dark one, in every room. The navy rug is told from the
 * floor by its colour and kept; the tan, grey and striped ones are read as more floor.
 */
const KNOWN_RUGS_FLOORED = new Set(
  RUG_ROOMS.flatMap((room) => [`${room}: tan rug, dark border`, `${room}: plain grey rug`, `${room}: striped kilim`]),
);
/**
 * Floors lost round a rug today (decision 103): in dining_room_1, home_office_1, kitchen_2 and living_room_1 a rug in
 * the foreground hides the floor beyond it from the engine (0.62 to 0.84 of the floor round it found, since the bays
 * beyond a rug are filled where the floor is found beside them; 0.55 to 0.84 before).
 */
const KNOWN_FLOOR_LOST_ROUND_RUG = new Set([
  'dining_room_1: striped kilim',
  'home_office_1: tan rug, dark border',
  'home_office_1: navy rug, cream border',
  'home_office_1: plain grey rug',
  'home_office_1: striped kilim',
  'kitchen_2: tan rug, dark border',
  'kitchen_2: navy rug, cream border',
  'kitchen_2: striped kilim',
  'living_room_1: navy rug, cream border',
]);

describe('the offline engine reading floors with a rug laid into them (960 px, as taken)', () => {
  const readings: { name: string; rug: Reading['furniture'][number]; floorFound: number }[] = [];
  beforeAll(async () => {
    for (const room of RUG_ROOMS) {
      const { photo, labels } = await photoVariant(room, 960, 'as taken');
      for (const rug of SYNTHETIC_RUGS) {
        const withRug = await withSyntheticRug(photo, labels, rug);
        const reading = await readPhoto(withRug.photo, withRug.labels);
        const piece = reading.furniture.find((item) => item.piece === rug.name);
        if (!piece) throw new Error(`${room}: the ${rug.name} was not labelled`);
        readings.push({ name: `${room}: ${rug.name}`, rug: piece, floorFound: reading.floorFound });
      }
    }
  }, 120_000);
  const floored = () => readings.filter(({ rug }) => rug.takenForFloor > FURNITURE_FLOORED_AT_MOST).map(({ name }) => name);
  const lost = () => readings.filter(({ floorFound }) => floorFound < FLOOR_FOUND_AT_LEAST).map(({ name }) => name);

  it('lays no floor over a rug, but the known ones, and paints none with the walls', () => {
    expect(readings).toHaveLength(RUG_ROOMS.length * SYNTHETIC_RUGS.length);
    expect(floored().filter((name) => !KNOWN_RUGS_FLOORED.has(name))).toEqual([]);
    expect(readings.filter(({ rug }) => rug.takenForWall > FURNITURE_PAINTED_AT_MOST).map(({ name }) => name)).toEqual([]);
  });

  it('finds the floor round a rug, but the known ones', () => {
    expect(lost().filter((name) => !KNOWN_FLOOR_LOST_ROUND_RUG.has(name))).toEqual([]);
  });

  it.fails(`lays no floor over any rug (not yet met: ${KNOWN_RUGS_FLOORED.size} rugs)`, () => {
    expect(floored()).toEqual([]);
  });

  it.fails(`finds the floor round every rug (not yet met: ${KNOWN_FLOOR_LOST_ROUND_RUG.size} floors)`, () => {
    expect(lost()).toEqual([]);
  });
});
