// Issue 52 (adv52 r46 #1): phone-refusal.json is a claim, judged against the clock and its own cause. Before, a 400
// refusal (a revoked user key) given a monthly-limit reset 10 years ahead by hand was believed: readiness said
// "monthly message limit reached (resets Mon 10 Mar, 01:00) … won't be reached until then", with a reason that was
// no limit, while the next alert was POSTed anyway. Now only a reset the app could have worked out (after the
// refusal, within the service's next monthly one) on a limit refusal is read back, and it holds alerts back as
// readiness says; any other file is kept aside, said once, and nothing of it used.
import { afterEach, describe, expect, it } from 'vitest';
import { REFUSAL_FILE } from '../../../electron/core/escalation/refusal-store';
import { formatDate } from '../../../electron/shared/day-word';
import { closeStands, HOUR, MIN, MY_START, TOMORROW } from '../support/phone-engine-rig';
import { LIMIT, REVOKED, refusedRig } from '../support/phone-refusal-rig';

afterEach(closeStands);

/** The next month's start in UTC from `ms`, worked out here from the calendar date. */
const nextMonth = (ms: number): number => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

describe('a monthly-limit reset read back from phone-refusal.json', () => {
  const forged: [string, (atMs: number) => number][] = [
    ['10 years ahead', (atMs) => Date.UTC(new Date(atMs).getUTCFullYear() + 10, 2, 10)],
    // A reset the service could name, but on a refusal that was a revoked key, not its monthly limit.
    ['at the next month’s start, on a refusal that was no limit', (atMs) => nextMonth(atMs)],
  ];
  for (const [name, untilOf] of forged)
    it(`${name}: the file is kept aside, said once, and nothing of it is used`, async () => {
      const r = await refusedRig('revoked');
      await r.h.clock.advance(2 * HOUR);
      const text = (await r.h.files.read(REFUSAL_FILE)) ?? '';
      const record = { ...(JSON.parse(text) as object), untilMs: untilOf(r.h.clock.now()) };
      await r.h.files.writeAtomic(REFUSAL_FILE, `${JSON.stringify(record, null, 2)}\n`);
      const second = await r.start();
      const message = r.line(second)?.message ?? '';
      expect(message).not.toContain(REVOKED);
      expect(message).not.toContain('monthly');
      expect(await r.h.files.read(REFUSAL_FILE)).toBeUndefined();
      const kept = await r.backups(REFUSAL_FILE);
      expect(kept).toHaveLength(1);
      expect(await r.h.files.read(kept[0]!)).toBe(`${JSON.stringify(record, null, 2)}\n`);
      const said = r.notices(second).map((n) => n.message);
      expect(said).toHaveLength(1);
      expect(said[0]).toContain('not used');
      expect(said[0]).toContain(kept[0]);
      await r.stop(second);
      // Said once: the next start finds nothing to say.
      const third = await r.start();
      expect(r.notices(third)).toEqual([]);
      await r.stop(third);
    }, 120_000);

  it('a reset the app worked out holds alerts back until then, as readiness says', async () => {
    const r = await refusedRig('limit');
    expect(r.refusedPosts).toEqual([MY_START + 3 * MIN]);
    await r.h.clock.advance(2 * HOUR);
    const second = await r.start();
    const resetMs = nextMonth(MY_START);
    const message = r.line(second)?.message ?? '';
    expect(message).toContain(`resets ${formatDate(resetMs, { localZone: 'Europe/Berlin', clock: true })}`);
    expect(message).toContain('saved before the app restarted');
    expect(message).toContain('won’t be reached until then');
    expect(message).toContain(LIMIT);
    // Tomorrow's alert is due before the reset: it is not POSTed, and the line still says so.
    expect(TOMORROW + 3 * MIN).toBeLessThan(resetMs);
    await r.h.clock.advanceTo(TOMORROW + 30 * MIN);
    expect(r.refusedPosts).toEqual([MY_START + 3 * MIN]);
    expect(r.line(second)?.message).toContain('won’t be reached until then');
    expect(r.notices(second)).toEqual([]);
    await r.stop(second);
  }, 120_000);
});
