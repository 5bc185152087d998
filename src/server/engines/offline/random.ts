// Seeded pseudo-random numbers, so a render's seed alone decides every "random" choice (byte-identical reruns).

/** mulberry32: tiny, fast and well distributed enough for choosing k-means seeds and palette jitter. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
