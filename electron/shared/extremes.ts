// The least / greatest of a list without spreading it into Math.min/max: a spread passes every element as an
// argument, and a list as long as a file can make it (100 000 saved shifts) overflows the call stack (issue 52).

/** The least of `values` and `init` (init alone for an empty list). */
export function minOf(values: Iterable<number>, init: number = Infinity): number {
  let least = init;
  for (const v of values) if (v < least || Number.isNaN(v)) least = v;
  return least;
}

/** The greatest of `values` and `init` (init alone for an empty list). */
export function maxOf(values: Iterable<number>, init: number = -Infinity): number {
  let most = init;
  for (const v of values) if (v > most || Number.isNaN(v)) most = v;
  return most;
}
