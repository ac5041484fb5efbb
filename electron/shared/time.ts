// The time units every layer counts in (epoch milliseconds), declared once. Plain numbers, no zod, no luxon, so the
// renderer imports them too. Calendar arithmetic across DST changes is not this: a day here is always 24 hours.
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
