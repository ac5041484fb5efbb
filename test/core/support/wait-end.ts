// The oracle for a service wait's end as the user reads it, worked out apart from the app: "HH:MM" in the harness's
// zone (engine-harness.ts: Europe/Berlin), rounded up to the minute the wait is over by.
const WAIT_END = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const waitEnd = (ms: number): string => WAIT_END.format(Math.ceil(ms / 60_000) * 60_000);
