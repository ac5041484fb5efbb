// What a benchmark section produces: named figures with a unit, and a target where there is one.

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** Pass when value ≤ max (every target here is an upper bound). */
  max?: number;
  /** Extra context (sample count, median vs worst, …). */
  note?: string;
}

export interface Section {
  /** Short id, used by `npm run bench -- --only <id>`. */
  id: string;
  title: string;
  /** Report file under bench/reports/ (without .json); sections sharing one are written together. */
  report: string;
  run(): Promise<Figure[]>;
}

export const passes = (f: Figure): boolean => f.max === undefined || f.value <= f.max;

export function round(value: number, digits = 2): number {
  const p = 10 ** digits;
  return Math.round(value * p) / p;
}
