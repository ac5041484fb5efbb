// How big each file the app reads back may be (issue 52): checked with stat before a byte is read, so a file far
// bigger than the app ever writes (100 000 forged shifts, a 200 MB pad) can't stall the start or overflow what
// parses it. Generous for real use: a real cache of 10 schedules × 14 days with hourly shifts is under 1 MB (3
// schedules of daily shifts: 16 kB measured), so 8 MB leaves ×8 headroom even there (docs/files-and-recovery.md).
const MB = 1024 * 1024;

const LIMITS: readonly (readonly [RegExp, number])[] = [
  [/^cache(-[A-Za-z0-9_-]+)?\.json$/, 8 * MB],
  [/^reminders\.json$/, 4 * MB],
  [/^settings\.json$/, 1 * MB],
  [/^handoff\.json$/, 2 * MB],
];
/** Any other file the app reads back (alarms, calendar record, escalations: each also bounds its own text). */
const DEFAULT_MAX_BYTES = 8 * MB;

/** The most bytes `name` may hold to be read at all. */
export function maxBytesOf(name: string): number {
  return LIMITS.find(([pattern]) => pattern.test(name))?.[1] ?? DEFAULT_MAX_BYTES;
}

/** Thrown by a read of a file over its limit: nothing of it was read. The reader keeps it aside and says so. */
export class TooLargeError extends Error {
  readonly code = 'EFBIG';
  constructor(
    readonly sizeBytes: number,
    readonly maxBytes: number,
  ) {
    super('larger than the app ever writes it');
  }
}

export function isTooLarge(cause: unknown): cause is TooLargeError {
  return cause instanceof TooLargeError;
}

/** "21.7 MB; at most 8 MB", for a notice: with as many decimals as it takes to tell the size from the limit
 *  ("1.001 MB; at most 1 MB" for a file 0.1 % over, never "1 MB; at most 1 MB"). */
export function sizeText(e: TooLargeError): string {
  let digits = 1;
  while (digits < 6 && mb(e.sizeBytes, digits) === mb(e.maxBytes, digits)) digits++;
  return `${mb(e.sizeBytes, digits)}; at most ${mb(e.maxBytes, 1)}`;
}
const mb = (n: number, digits: number): string => `${Number((n / MB).toFixed(digits))} MB`;

/** What the backup of a file too large to read holds (fs-file-store.ts): its first bytes up to the limit, with keys
 *  and tokens removed, as for every backup. */
export const backupHeadText = (e: TooLargeError): string =>
  `a copy keeps only its first ${mb(e.maxBytes, 1)}, with keys and tokens removed`;
