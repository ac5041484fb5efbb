// Issue 52 (known item 1): Pushover's monthly limit refused today's alert and was kept (phone-refusal.json); the app
// restarted. Before, a Phone save that changed only the wait (or turned phone escalation off and on again with the
// same keys) made a new escalator that removed the refusal with no delivery to prove it over: readiness read "set up"
// again and tomorrow's alert was POSTed into the limit that still held. A refusal ends only with another channel
// (user key, token, topic, server), an alert or Send test that goes through, or the limit's reset; another user key
// ends it and the save says so. Real engine, simulator, fake clock, the loopback Pushover stand-in.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PhoneIntent } from '../../../electron/shared/phone-intent';
import { REFUSAL_FILE } from '../../../electron/core/escalation/refusal-store';
import { formatDate } from '../../../electron/shared/day-word';
import { closeStands, HOUR, MIN, MY_START, TOMORROW } from '../support/phone-engine-rig';
import { APP, LIMIT, refusedRig } from '../support/phone-refusal-rig';

/** Settings → Phone's save as the form sends it: only the secrets typed (none: the keychain's are kept). */
const save = (afterMin: number, provider: 'pushover' | 'off' = 'pushover', secrets?: Record<string, string>) => {
  const intent: PhoneIntent = {
    kind: 'save',
    settings: { provider, ntfyServer: 'https://ntfy.sh', afterMin },
    ...(secrets ? { secrets } : {}),
  };
  return intent;
};

/** The next month's start in UTC from `ms` (Pushover's reset when it names none), worked out from the date. */
const nextMonth = (ms: number): number => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

describe('a kept monthly-limit refusal over a Phone save that cannot cure it', () => {
  // One refused world and one restart for the three saves (each was its own world and restart: ~55 s of the file):
  // after each save readiness must still name the limit and the kept file be unchanged, so a save that removed the
  // refusal fails at once, before the next save could hide it; the last save sets a wait of 5 minutes, and
  // tomorrow's alert (its start + that wait) must still not be POSTed before the reset.
  let r: Awaited<ReturnType<typeof refusedRig>>;
  let second: Awaited<ReturnType<typeof r.start>>;
  let fileBefore: string | undefined;
  beforeAll(async () => {
    r = await refusedRig('limit');
    await r.h.clock.advance(2 * HOUR);
    fileBefore = await r.h.files.read(REFUSAL_FILE);
    second = await r.start();
  }, 120_000);
  afterAll(async () => {
    await r.stop(second);
    await closeStands();
  });

  const resetMs = nextMonth(MY_START);
  const saves: [string, PhoneIntent[]][] = [
    ['the same settings saved again', [save(3)]],
    ['phone escalation off, then on again with the same keys', [save(3, 'off'), save(3)]],
    ['another wait (5 minutes)', [save(5)]],
  ];
  for (const [name, intents] of saves)
    it(`${name}: readiness still names the limit and the kept refusal is unchanged`, async () => {
      for (const intent of intents) expect((await second.phoneIntent(intent)).ok).toBe(true);
      await r.h.clock.advance(5_000);
      const message = r.line(second)?.message ?? '';
      expect(message).toContain(`resets ${formatDate(resetMs, { localZone: 'Europe/Berlin', clock: true })}`);
      expect(message).toContain('won’t be reached until then');
      expect(message).toContain(LIMIT);
      expect(await r.h.files.read(REFUSAL_FILE)).toBe(fileBefore);
    }, 60_000);

  it('after those saves, nothing is POSTed before the reset', async () => {
    // Tomorrow's alert (its start + the last save's 5-minute wait) is due before the reset: not POSTed.
    expect(TOMORROW + 5 * MIN).toBeLessThan(resetMs);
    await r.h.clock.advanceTo(TOMORROW + 30 * MIN);
    expect(r.refusedPosts).toEqual([MY_START + 3 * MIN]);
    expect(r.line(second)?.message).toContain(LIMIT);
  }, 60_000);
});

describe('a kept monthly-limit refusal over a Phone save of another user key', () => {
  afterEach(closeStands);

  it('another user key ends it: the save says so, readiness no longer names it, and the next alert is sent', async () => {
    const r = await refusedRig('limit');
    await r.h.clock.advance(2 * HOUR);
    const second = await r.start();
    expect(r.line(second)?.message).toContain(LIMIT);
    const other = 'v'.repeat(30);
    const saved = await second.phoneIntent(save(3, 'pushover', { pushoverApp: APP, pushoverUser: other }));
    expect(saved.ok).toBe(true);
    expect(saved.message).toContain('refusal of the old settings');
    expect(saved.message).toContain(LIMIT);
    await r.h.clock.advance(5_000);
    expect(r.line(second)?.message ?? '').not.toContain(LIMIT);
    expect(await r.h.files.read(REFUSAL_FILE)).toBeUndefined();
    // The new key is tried: tomorrow's alert goes out (the stand-in still answers the limit for every alert).
    await r.h.clock.advanceTo(TOMORROW + 30 * MIN);
    expect(r.refusedPosts).toEqual([MY_START + 3 * MIN, TOMORROW + 3 * MIN]);
    // Said once: a later save with nothing changed says nothing of it.
    const again = await second.phoneIntent(save(3));
    expect(again.message).not.toContain('refusal of the old settings');
    await r.stop(second);
  }, 120_000);
});
