// SLIC superpixels (Achanta et al. 2012) on a small Lab copy of the photo: compact patches that follow the
// photo's edges, so a surface is decided patch by patch rather than pixel by pixel, and a wall stops at its
// skirting board. Then each patch's statistics and which patches touch.

export type LabPlane = { width: number; height: number; lab: Float32Array };

export type Superpixel = {
  /** Mean Lab. */
  l: number;
  a: number;
  b: number;
  /** Mean gradient magnitude of L inside: detail (a view, a bookshelf) is high, paint and planks are low. */
  detail: number;
  /** Share of pixels at or above L 96: blown-out glass or lamps. */
  clipped: number;
  /** Centroid, 0..1 of the frame. */
  x: number;
  y: number;
  size: number;
  /** Touches the frame's bottom or top row. */
  atBottom: boolean;
  atTop: boolean;
  /** Each touching patch, with the mean L gradient along the shared border: a strong one is an edge in the room. */
  neighbours: Map<number, number>;
};

export type Superpixels = { labels: Int32Array; cells: Superpixel[]; width: number; height: number };

const ITERATIONS = 8;
/** Weight of distance in the frame against distance in colour; higher gives squarer patches. */
const COMPACTNESS = 9;

export function slic(image: LabPlane, approximateCount: number): Superpixels {
  const { width, height, lab } = image;
  const step = Math.max(4, Math.round(Math.sqrt((width * height) / approximateCount)));
  const centres: number[] = [];
  for (let y = step >> 1; y < height; y += step) {
    for (let x = step >> 1; x < width; x += step) {
      const i = (y * width + x) * 3;
      centres.push(lab[i], lab[i + 1], lab[i + 2], x, y);
    }
  }
  const count = centres.length / 5;
  const labels = new Int32Array(width * height).fill(-1);
  const distances = new Float32Array(width * height);
  const spatial = (COMPACTNESS / step) ** 2;
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    distances.fill(Number.POSITIVE_INFINITY);
    for (let k = 0; k < count; k++) {
      const [cl, ca, cb, cx, cy] = centres.slice(k * 5, k * 5 + 5);
      const x0 = Math.max(0, Math.floor(cx - step));
      const x1 = Math.min(width - 1, Math.ceil(cx + step));
      const y0 = Math.max(0, Math.floor(cy - step));
      const y1 = Math.min(height - 1, Math.ceil(cy + step));
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const p = y * width + x;
          const i = p * 3;
          const d = (lab[i] - cl) ** 2 + (lab[i + 1] - ca) ** 2 + (lab[i + 2] - cb) ** 2 + ((x - cx) ** 2 + (y - cy) ** 2) * spatial;
          if (d < distances[p]) {
            distances[p] = d;
            labels[p] = k;
          }
        }
      }
    }
    const sums = new Float64Array(count * 6);
    for (let p = 0; p < width * height; p++) {
      const k = labels[p];
      if (k < 0) continue;
      const i = p * 3;
      sums[k * 6] += lab[i];
      sums[k * 6 + 1] += lab[i + 1];
      sums[k * 6 + 2] += lab[i + 2];
      sums[k * 6 + 3] += p % width;
      sums[k * 6 + 4] += Math.floor(p / width);
      sums[k * 6 + 5] += 1;
    }
    for (let k = 0; k < count; k++) {
      const n = sums[k * 6 + 5];
      if (!n) continue;
      for (let c = 0; c < 5; c++) centres[k * 5 + c] = sums[k * 6 + c] / n;
    }
  }
  return { labels: compactLabels(labels), cells: [], width, height };
}

/** Renumbers labels 0..n-1 without gaps (some centres end up with no pixels). */
function compactLabels(labels: Int32Array): Int32Array {
  const map = new Map<number, number>();
  return labels.map((label) => {
    let next = map.get(label);
    if (next === undefined) map.set(label, (next = map.size));
    return next;
  });
}

/** Each patch's statistics and neighbours, given the L gradient magnitude of the same plane. */
export function describeSuperpixels(image: LabPlane, labels: Int32Array, gradient: Float32Array): Superpixel[] {
  const { width, height, lab } = image;
  let count = 0;
  for (const label of labels) count = Math.max(count, label + 1);
  const cells: Superpixel[] = Array.from({ length: count }, () => ({
    l: 0,
    a: 0,
    b: 0,
    detail: 0,
    clipped: 0,
    x: 0,
    y: 0,
    size: 0,
    atBottom: false,
    atTop: false,
    neighbours: new Map<number, number>(),
  }));
  const borders = new Map<number, { sum: number; count: number }>();
  const border = (first: number, second: number, strength: number) => {
    const key = Math.min(first, second) * count + Math.max(first, second);
    const entry = borders.get(key) ?? { sum: 0, count: 0 };
    entry.sum += strength;
    entry.count += 1;
    borders.set(key, entry);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const cell = cells[labels[p]];
      const i = p * 3;
      cell.l += lab[i];
      cell.a += lab[i + 1];
      cell.b += lab[i + 2];
      cell.detail += gradient[p];
      if (lab[i] >= 96) cell.clipped += 1;
      cell.x += x;
      cell.y += y;
      cell.size += 1;
      if (y === height - 1) cell.atBottom = true;
      if (y === 0) cell.atTop = true;
      if (x + 1 < width && labels[p + 1] !== labels[p]) border(labels[p], labels[p + 1], Math.max(gradient[p], gradient[p + 1]));
      if (y + 1 < height && labels[p + width] !== labels[p])
        border(labels[p], labels[p + width], Math.max(gradient[p], gradient[p + width]));
    }
  }
  for (const [key, { sum, count: length }] of borders) {
    const first = Math.floor(key / count);
    const second = key % count;
    cells[first].neighbours.set(second, sum / length);
    cells[second].neighbours.set(first, sum / length);
  }
  for (const cell of cells) {
    const n = Math.max(1, cell.size);
    cell.l /= n;
    cell.a /= n;
    cell.b /= n;
    cell.detail /= n;
    cell.clipped /= n;
    cell.x /= n * width;
    cell.y /= n * height;
  }
  return cells;
}
