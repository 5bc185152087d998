// The engine's one soft threshold: 0 below 0, 1 above 1, and an S-curve between, so a rule fades in instead of
// switching on at a hard edge.

export function smoothstep(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  return t * t * (3 - 2 * t);
}
