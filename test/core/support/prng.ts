// A small seeded PRNG (mulberry32): the same seed gives the same sequence, so simulations repeat exactly.
/** mulberry32: small, seeded, good enough to place events. */
export function prng(seed: number): {
  next: () => number;
  int(lo: number, hi: number): number;
  pick<T>(xs: readonly T[]): T;
} {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number): number => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, pick: (xs) => xs[int(0, xs.length - 1)] as (typeof xs)[number] };
}
