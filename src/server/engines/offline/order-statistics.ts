// Order statistics of a sample, for the engine's measures (a texture, a distance); the figures' own, interpolated
// ones are in quality/redesign-figures.ts.

/** The value a share `q` of the way up the sorted sample (the lower one where it falls between two). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) * q)];
}

/** The middle value of the sample (the upper of the two middle ones of an even sample); 0 for an empty one. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}
