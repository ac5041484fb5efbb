// Time units and ISO instants for tests, in milliseconds.
export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
export const ms = (iso: string): number => Date.parse(iso);
