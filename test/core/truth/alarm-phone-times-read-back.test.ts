// adv50 r27: the alarm's, the phone's and readiness's times each read back as the instant they name, as the one
// formatter's own words do (test/shared/format-read-back.test.ts): "acknowledged …", the phone alert's "started at …",
// readiness's "booked for …" and `status --ack`'s "will still ring at …". Read by the independent parser (luxon and
// regexps: a bare time is today's, a weekday the coming one), over instants within 8 days either side of now in two
// zones. Before, each said a bare time for another day ("acknowledged 10:01" the next morning).
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { stillRingsLine } from '../../../electron/core/alarm/cli-ack';
import type { AlarmTarget } from '../../../electron/core/alarm/types';
import { phoneWords } from '../../../electron/core/alarm/words';
import { phoneCheck } from '../../../electron/core/escalation/readiness-checks';
import { EscalationSettingsSchema } from '../../../electron/core/escalation/types';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { ackWords } from '../../../electron/shared/alarm-text';
import { timeAfter } from '../support/surface-text';

const FC_RUNS = Number(process.env['FC_RUNS'] ?? 200);
const DAY = 86_400_000;
const MIN = 60_000;
const ZONES = ['Europe/Berlin', 'America/New_York'];
// Around the 2026 changes (Europe 29 Mar / 25 Oct, US 8 Mar / 1 Nov) and a plain day.
const NOWS = ['2026-03-08T06:00:00Z', '2026-03-29T00:30:00Z', '2026-10-25T01:00:00Z', '2026-06-10T21:30:00Z'];

const world = fc.record({
  zone: fc.constantFrom(...ZONES),
  nowMs: fc
    .constantFrom(...NOWS)
    .chain((iso) => fc.integer({ min: -3 * DAY, max: 3 * DAY }).map((d) => Date.parse(iso) + d)),
  offsetMin: fc.integer({ min: (-8 * DAY) / MIN, max: (8 * DAY) / MIN }),
  scheduleZone: fc.constantFrom('Etc/UTC', 'Asia/Tokyo', 'Europe/Berlin'),
});

/** A repeated hour is tagged ("02:30 CEST"); the parser reads the wall time only, so its twin will do too. */
const sameOrTwin = (read: number | undefined, ms: number, zone: string): boolean => {
  const wall = (at: number) => DateTime.fromMillis(at, { zone }).toFormat('yyyy-MM-dd HH:mm');
  return read === ms || (read !== undefined && Math.abs(read - ms) <= 60 * MIN && wall(read) === wall(ms));
};

const target = (startMs: number, scheduleZone: string): AlarmTarget => ({
  key: `alarm:https://oncall.example.com:sch_ops:${new Date(startMs).toISOString()}`,
  accountId: MAIN_ACCOUNT_ID,
  atMs: startMs,
  startMs,
  endMs: startMs + 8 * 3_600_000,
  scheduleId: 'sch_ops',
  scheduleName: 'Ops',
  scheduleZone,
  fromNames: [],
});

/** Each text, worded at `nowMs` about the instant `ms`, with the words its time follows. */
function texts(ms: number, nowMs: number, zone: string, scheduleZone: string): [string, string][] {
  const phone = phoneWords(target(ms, scheduleZone), 3, zone, {}, nowMs).body;
  const armed = phoneCheck({
    settings: EscalationSettingsSchema.parse({ provider: 'ntfy' }),
    hasSecrets: true,
    status: { booking: true, nextBookedMs: ms },
    testedAtMs: nowMs,
    nowMs,
    localZone: zone,
  }).message;
  const start = { scheduleName: 'Ops', start: ms, scheduleZone };
  return [
    [ackWords(ms, { nowMs, localZone: zone }), 'acknowledged'],
    [phone, phone.includes('started at') ? 'started at' : 'starts at'],
    [armed, 'booked for'],
    [stillRingsLine(ms, start, zone, nowMs), 'ring at'],
  ];
}

describe("the alarm's, the phone's and readiness's times read back as their instants", () => {
  it('any instant within 8 days either side of now, in two zones', () => {
    fc.assert(
      fc.property(world, ({ zone, nowMs, offsetMin, scheduleZone }) => {
        const ms = Math.floor((nowMs + offsetMin * MIN) / MIN) * MIN;
        for (const [text, word] of texts(ms, nowMs, zone, scheduleZone))
          expect(
            sameOrTwin(timeAfter(text, word, nowMs, zone), ms, zone),
            `${text} at ${new Date(nowMs).toISOString()}`,
          ).toBe(true);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('the same day stays a bare time', () => {
    const nowMs = Date.parse('2026-03-10T20:00:00Z');
    const ms = Date.parse('2026-03-10T09:03:00Z');
    for (const [text, word] of texts(ms, nowMs, 'Europe/Berlin', 'Europe/Berlin'))
      expect(text, word).toContain(`${word} 10:03`);
  });
});
