// Neighbourhood filters on the engine's small grids (one value per cell, row by row): a box mean for measures
// that are noisy cell by cell, and square erosion and dilation of 0/1 masks (a mean of 1 or above 0).

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

/** Cells whose whole square of `radius` is set. */
export const erode = (mask: Uint8Array, width: number, height: number, radius = 1) =>
  Uint8Array.from(boxMean(Float32Array.from(mask), width, height, radius), (mean) => (mean === 1 ? 1 : 0));
/** Cells with any set cell within a square of `radius`. */
export const dilate = (mask: Uint8Array, width: number, height: number, radius = 1) =>
  Uint8Array.from(boxMean(Float32Array.from(mask), width, height, radius), (mean) => (mean > 0 ? 1 : 0));
