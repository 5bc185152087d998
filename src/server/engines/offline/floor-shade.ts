// The floor in shade at a wall's foot. Under a heater, a radiator or a low shelf the floor darkens into a strip that
// the colour regions take for a dark detail (as dark as a window frame), so it was left as photographed: a band of
// the old floor's colour between the new floor and the wall (bedroom_1, under its heaters). The strip is still the
// floor's colour in less light (the same hue, its chroma smaller in proportion to its lightness), and only a thin
// strip of it lies before a lighter surface. A black skirting board or a grey gap under a heater has no hue and stays
// a dark detail; so do black things standing on the floor (dumbbells on a rug, a dark cabinet), which under warm
// lamplight take the floor's hue but stand taller than a strip of shade.

/**
 * The shade is a thin strip: the dark cells above the floor's far edge run at most this many cells up before a
 * lighter surface (the heater, the wall). A taller run of dark cells is a dark thing standing on the floor.
 */
const SHADE_DEPTH = 5;
/** A floor with less chroma than this (Lab) has no hue its shade could be told by. */
const MIN_FLOOR_CHROMA = 4;
/** Cosine of the largest hue angle between the floor and its shade (about 25°). */
const SAME_HUE = 0.9;
/** The shade's chroma per unit of (L + 16), over the floor's, within these limits. */
const CHROMA_RATIO = [0.6, 1.6] as const;

/**
 * On a `width` × `height` grid of cells (Lab, three floats each), where the dark cells (`dark`: dark colour regions,
 * whatever they were taken for) just above a column's topmost floor cell (share 0.5 or more) run up at most
 * SHADE_DEPTH cells, sets to floor those of them, from the bottom up, whose colour is the floor cell's in shade and
 * which are not `kept` (the view through a glass door, whose mulch may share a wooden floor's hue).
 */
export function takeInFloorShade(
  floorShare: Float32Array,
  width: number,
  height: number,
  lab: Float32Array,
  dark: (cell: number) => boolean,
  kept: (cell: number) => boolean,
): void {
  for (let x = 0; x < width; x++) {
    let y = 0;
    while (y < height && floorShare[y * width + x] < 0.5) y++;
    if (y === height) continue;
    const floor = (y * width + x) * 3;
    const floorChroma = Math.hypot(lab[floor + 1], lab[floor + 2]);
    if (floorChroma < MIN_FLOOR_CHROMA) continue;
    const floorSaturation = floorChroma / (lab[floor] + 16);
    let run = 0;
    while (y - run - 1 >= 0 && dark((y - run - 1) * width + x)) run++;
    if (run > SHADE_DEPTH) continue;
    for (let up = 1; up <= run; up++) {
      const cell = (y - up) * width + x;
      if (kept(cell)) break;
      const [l, a, b] = [lab[cell * 3], lab[cell * 3 + 1], lab[cell * 3 + 2]];
      const chroma = Math.hypot(a, b);
      const sameHue = a * lab[floor + 1] + b * lab[floor + 2] >= SAME_HUE * chroma * floorChroma;
      const ratio = chroma / (l + 16) / floorSaturation;
      if (!sameHue || ratio < CHROMA_RATIO[0] || ratio > CHROMA_RATIO[1]) break;
      floorShare[cell] = 1;
    }
  }
}
