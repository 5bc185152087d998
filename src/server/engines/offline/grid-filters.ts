// Neighbourhood filters on the engine's grids (one value per cell, row by row): a box mean for measures that are
// noisy cell by cell (and one from running sums for wide windows), square erosion and dilation of 0/1 masks (a
// mean of 1 or above 0), the areas a mask's set cells make, and an area's extent column by column or row by row.

/** Mean over the (2·radius + 1)² square around each cell, cut at the grid's edges. */
export function boxMean(values: Float32Array, width: number, height: number, radius: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let count = 0;
      for (let ny = Math.max(0, y - radius); ny <= Math.min(height - 1, y + radius); ny++) {
        for (let nx = Math.max(0, x - radius); nx <= Math.min(width - 1, x + radius); nx++) {
          sum += values[ny * width + nx];
          count++;
        }
      }
      out[y * width + x] = sum / count;
    }
  }
  return out;
}

/** Buffers runningBoxMean can reuse from call to call: the guided filter takes dozens of box means per render. */
export type BoxMeanBuffers = { rows: Float32Array; sums: Float64Array };

export const boxMeanBuffers = (width: number, height: number): BoxMeanBuffers => ({
  rows: new Float32Array(width * height),
  sums: new Float64Array(width),
});

/**
 * boxMean from running sums: O(1) per cell whatever the radius, for wide windows on the 400 px guide (the guided
 * filter's). Not for erode and dilate: its sums add and take away, so a mean of a 0/1 mask may miss 0 or 1 by a
 * rounding error where boxMean's is exact. Written into `out` when given (it may not be `values`).
 */
export function runningBoxMean(
  values: Float32Array,
  width: number,
  height: number,
  radius: number,
  out = new Float32Array(values.length),
  { rows, sums }: BoxMeanBuffers = boxMeanBuffers(width, height),
): Float32Array {
  for (let y = 0; y < height; y++) {
    const base = y * width;
    let sum = 0;
    for (let x = 0; x < Math.min(width, radius); x++) sum += values[base + x];
    // The window's left edge, its middle (the whole window inside the row), its right edge: the same sums in the
    // same order as one loop that tests both ends at every cell.
    let x = 0;
    for (; x < width && x <= radius; x++) {
      if (x + radius < width) sum += values[base + x + radius];
      rows[base + x] = sum / (Math.min(width - 1, x + radius) + 1);
    }
    for (; x + radius < width; x++) {
      sum += values[base + x + radius];
      sum -= values[base + x - radius - 1];
      rows[base + x] = sum / (2 * radius + 1);
    }
    for (; x < width; x++) {
      sum -= values[base + x - radius - 1];
      rows[base + x] = sum / (width - x + radius);
    }
  }
  // Down the columns, all of them at once, a row at a time: the same sums in the same order as column by column, but
  // reading memory in order instead of a row's length apart.
  sums.fill(0);
  for (let y = 0; y < Math.min(height, radius); y++) for (let x = 0; x < width; x++) sums[x] += rows[y * width + x];
  for (let y = 0; y < height; y++) {
    if (y + radius < height) for (let x = 0, i = (y + radius) * width; x < width; x++, i++) sums[x] += rows[i];
    if (y - radius - 1 >= 0) for (let x = 0, i = (y - radius - 1) * width; x < width; x++, i++) sums[x] -= rows[i];
    const count = Math.min(height - 1, y + radius) - Math.max(0, y - radius) + 1;
    for (let x = 0, i = y * width; x < width; x++, i++) out[i] = sums[x] / count;
  }
  return out;
}

/** Cells whose whole square of `radius` is set. */
export const erode = (mask: Uint8Array, width: number, height: number, radius = 1) =>
  Uint8Array.from(boxMean(Float32Array.from(mask), width, height, radius), (mean) => (mean === 1 ? 1 : 0));
/** Cells with any set cell within a square of `radius`. */
export const dilate = (mask: Uint8Array, width: number, height: number, radius = 1) =>
  Uint8Array.from(boxMean(Float32Array.from(mask), width, height, radius), (mean) => (mean > 0 ? 1 : 0));

/** The 4-connected areas of a 0/1 mask, as lists of cells, and each cell's area (-1 outside the mask). */
export function components(mask: Uint8Array, width: number, height: number): { areas: number[][]; areaOf: Int32Array } {
  const areaOf = new Int32Array(mask.length).fill(-1);
  const areas: number[][] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || areaOf[start] >= 0) continue;
    const area = [start];
    areaOf[start] = areas.length;
    for (let k = 0; k < area.length; k++) {
      const cell = area[k];
      for (const next of sideNeighbours(cell, width, height)) {
        if (next >= 0 && mask[next] && areaOf[next] < 0) {
          areaOf[next] = areas.length;
          area.push(next);
        }
      }
    }
    areas.push(area);
  }
  return { areas, areaOf };
}

/**
 * The patches that `around` encloses on every side (but `outside`'s): the 4-connected areas of cells that are neither
 * `around` nor `outside`, touching no edge of the grid, of at most `maxShare` of its cells. As one list of cells.
 */
export function enclosedPatches(
  around: Uint8Array,
  width: number,
  height: number,
  outside: (cell: number) => boolean,
  maxShare: number,
): number[] {
  return enclosedAreas(around, width, height, outside, maxShare).flat();
}

/** enclosedPatches, area by area. */
export function enclosedAreas(
  around: Uint8Array,
  width: number,
  height: number,
  outside: (cell: number) => boolean,
  maxShare: number,
): number[][] {
  const { areas } = components(
    around.map((set, i) => (!set && !outside(i) ? 1 : 0)),
    width,
    height,
  );
  const onEdge = (cell: number) => {
    const x = cell % width;
    const y = Math.floor(cell / width);
    return x === 0 || y === 0 || x === width - 1 || y === height - 1;
  };
  return areas.filter((area) => area.length <= maxShare * around.length && !area.some(onEdge));
}

/** The cells left of, right of, above and below `cell` on a `width` × `height` grid; -1 where that is off the grid. */
export function sideNeighbours(cell: number, width: number, height: number): [number, number, number, number] {
  const x = cell % width;
  const y = Math.floor(cell / width);
  return [x > 0 ? cell - 1 : -1, x + 1 < width ? cell + 1 : -1, y > 0 ? cell - width : -1, y + 1 < height ? cell + width : -1];
}

/** Per column an area covers, its highest row (`top`) and its lowest (`foot`). */
export function areaColumns(area: readonly number[], width: number): { top: Map<number, number>; foot: Map<number, number> } {
  const { least, most } = extent(
    area,
    (cell) => cell % width,
    (cell) => Math.floor(cell / width),
  );
  return { top: least, foot: most };
}

/** Per row an area covers, its leftmost column (`left`) and its rightmost (`right`). */
export function areaRows(area: readonly number[], width: number): { left: Map<number, number>; right: Map<number, number> } {
  const { least, most } = extent(
    area,
    (cell) => Math.floor(cell / width),
    (cell) => cell % width,
  );
  return { left: least, right: most };
}

/** The most cells an area spans in one row, from its leftmost to its rightmost (`rows`: its areaRows). */
export function widestRow({ left, right }: { left: Map<number, number>; right: Map<number, number> }): number {
  let widest = 0;
  for (const [y, from] of left) widest = Math.max(widest, (right.get(y) ?? from) - from + 1);
  return widest;
}

/** Per value of `key` among an area's cells, the least and the most of `value`. */
function extent(area: readonly number[], key: (cell: number) => number, value: (cell: number) => number) {
  const least = new Map<number, number>();
  const most = new Map<number, number>();
  for (const cell of area) {
    const [k, v] = [key(cell), value(cell)];
    least.set(k, Math.min(least.get(k) ?? v, v));
    most.set(k, Math.max(most.get(k) ?? v, v));
  }
  return { least, most };
}
