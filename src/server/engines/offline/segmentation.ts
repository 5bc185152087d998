// Splits a room photo into its few large colour regions (walls, floor, cabinetry, dark details) by k-means in Lab
// on a small copy: cheap, and the regions are what the engine recolours toward the style's palette.
import type { Lab } from './colour';

export type Cluster = {
  lab: Lab;
  /** Fraction of the photo's pixels in this region. */
  share: number;
  /** RMS distance (ΔE76) of the region's pixels from its centre: how varied the material is. */
  spread: number;
};

export type Segmentation = {
  /** Darkest first. */
  clusters: Cluster[];
  /** Cluster index per pixel of the analysed image. */
  labels: Uint8Array;
};

/**
 * k-means++ seeding then Lloyd iterations, fitted on every `stride`-th pixel (regions are large, so a subsample
 * finds the same centres at a fraction of the cost), then every pixel is labelled. `random` comes from the render
 * seed so the result is reproducible.
 */
export function kMeansLab(lab: Float32Array, k: number, random: () => number, stride = 1, maxIterations = 16): Segmentation {
  const n = lab.length / 3;
  const centres = seedCentres(lab, n, k, random, stride);
  const labels = new Uint8Array(n);
  const sums = new Float64Array(k * 3);
  const counts = new Float64Array(k);

  for (let iteration = 0; iteration < maxIterations; iteration++) {
    let changed = 0;
    sums.fill(0);
    counts.fill(0);
    for (let i = 0; i < n; i += stride) {
      const nearest = nearestCentre(lab, i * 3, centres, k);
      if (nearest !== labels[i]) changed++;
      labels[i] = nearest;
      sums[nearest * 3] += lab[i * 3];
      sums[nearest * 3 + 1] += lab[i * 3 + 1];
      sums[nearest * 3 + 2] += lab[i * 3 + 2];
      counts[nearest]++;
    }
    for (let c = 0; c < k; c++) {
      if (counts[c] === 0) {
        // An empty cluster takes the worst-fitted pixel, so k regions survive on flat photos too.
        const far = farthestPixel(lab, n, labels, centres, stride);
        centres.set(lab.subarray(far * 3, far * 3 + 3), c * 3);
        changed++;
        continue;
      }
      centres[c * 3] = sums[c * 3] / counts[c];
      centres[c * 3 + 1] = sums[c * 3 + 1] / counts[c];
      centres[c * 3 + 2] = sums[c * 3 + 2] / counts[c];
    }
    if (iteration > 0 && changed <= (n / stride) * 0.002) break;
  }
  for (let i = 0; i < n; i++) labels[i] = nearestCentre(lab, i * 3, centres, k);
  return summarise(lab, n, k, centres, labels);
}

function seedCentres(lab: Float32Array, n: number, k: number, random: () => number, stride: number): Float64Array {
  const centres = new Float64Array(k * 3);
  const nearestSquared = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  let chosen = Math.min(n - 1, Math.floor(random() * (n / stride)) * stride);
  for (let c = 0; c < k; c++) {
    centres[c * 3] = lab[chosen * 3];
    centres[c * 3 + 1] = lab[chosen * 3 + 1];
    centres[c * 3 + 2] = lab[chosen * 3 + 2];
    let total = 0;
    for (let i = 0; i < n; i += stride) {
      const dl = lab[i * 3] - centres[c * 3];
      const da = lab[i * 3 + 1] - centres[c * 3 + 1];
      const db = lab[i * 3 + 2] - centres[c * 3 + 2];
      const d = dl * dl + da * da + db * db;
      if (d < nearestSquared[i]) nearestSquared[i] = d;
      total += nearestSquared[i];
    }
    if (total === 0) continue;
    let target = random() * total;
    chosen = 0;
    for (let i = 0; i < n; i += stride) {
      chosen = i;
      target -= nearestSquared[i];
      if (target <= 0) break;
    }
  }
  return centres;
}

function nearestCentre(lab: Float32Array, offset: number, centres: Float64Array, k: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let c = 0; c < k; c++) {
    const dl = lab[offset] - centres[c * 3];
    const da = lab[offset + 1] - centres[c * 3 + 1];
    const db = lab[offset + 2] - centres[c * 3 + 2];
    const d = dl * dl + da * da + db * db;
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

function farthestPixel(lab: Float32Array, n: number, labels: Uint8Array, centres: Float64Array, stride: number): number {
  let far = 0;
  let farDistance = -1;
  for (let i = 0; i < n; i += stride) {
    const c = labels[i];
    const d = (lab[i * 3] - centres[c * 3]) ** 2 + (lab[i * 3 + 1] - centres[c * 3 + 1]) ** 2 + (lab[i * 3 + 2] - centres[c * 3 + 2]) ** 2;
    if (d > farDistance) {
      farDistance = d;
      far = i;
    }
  }
  return far;
}

function summarise(lab: Float32Array, n: number, k: number, centres: Float64Array, labels: Uint8Array): Segmentation {
  const counts = new Float64Array(k);
  const squared = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    const c = labels[i];
    counts[c]++;
    squared[c] +=
      (lab[i * 3] - centres[c * 3]) ** 2 + (lab[i * 3 + 1] - centres[c * 3 + 1]) ** 2 + (lab[i * 3 + 2] - centres[c * 3 + 2]) ** 2;
  }
  const order = Array.from({ length: k }, (_, c) => c).sort((x, y) => centres[x * 3] - centres[y * 3] || x - y);
  const rank = new Uint8Array(k);
  order.forEach((c, position) => (rank[c] = position));
  const clusters = order.map<Cluster>((c) => ({
    lab: [centres[c * 3], centres[c * 3 + 1], centres[c * 3 + 2]],
    share: counts[c] / n,
    spread: counts[c] > 0 ? Math.sqrt(squared[c] / counts[c]) : 0,
  }));
  for (let i = 0; i < n; i++) labels[i] = rank[labels[i]];
  return { clusters, labels };
}
