// An account muted or paused on its own (issue 34), through the real engine, simulator and files with a fake clock:
// what falls due meanwhile is not shown, not kept for the summary after quiet hours and not recorded as shown, so
// after unmuting (or when the pause ends by itself) only what falls due from then on comes; the next shift's
// reminders come as planned. The user's expectation is computed from the rotation, not read back from the app.
import { describe, expect, it } from 'vitest';
import type { Harness, Shown } from '../support/engine-harness';
import { nightDesk, patchSettings, QUIET_NIGHTS } from '../support/night-desk';
import { jsonObject } from '../../support/json';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { REMINDERS_FILE } from '../../../electron/core/storage/fired-store';
import { ms } from '../../support/time';

// Night desk: I am on call every day 03:00–11:00 Berlin = 02:00–10:00Z.
// Silent from 12:00Z on the 10th until 05:30Z on the 11th (06:30 Berlin, still quiet hours): the shift of the 11th
// (02:00–10:00Z) starts in it, the one of the 12th after it.
const FROM = '2026-03-10T12:00:00Z';
const SPEAKS_AGAIN = '2026-03-11T05:30:00Z';

async function setup(account: object): Promise<Harness> {
  const h = await nightDesk(FROM);
  await patchSettings(h, (stored) => ({
    accounts: (stored['accounts'] as object[]).map((a) => ({ ...a, ...account })),
    quietHours: QUIET_NIGHTS,
  }));
  return h;
}

const when = (s: Shown) => new Date(s.atMs).toISOString().slice(5, 16);
const seen = (h: Harness) => h.notifier.shown.map((s) => `${when(s)} ${s.title}`);

/** What the user must see: nothing while silent; from then on, the shift of the 12th (03:00 Berlin, in quiet
 *  hours: its heads-up the evening before, 15 min before, at the start), the end of the 11th's shift (10:00Z) and
 *  no summary of what fell due while silent. */
function expectOnlyWhatFollows(h: Harness): void {
  const shown = seen(h);
  expect(shown.filter((s) => s < '03-11T05:30')).toEqual([]);
  expect(shown.filter((s) => /while notifications were quiet/.test(s))).toEqual([]);
  // The start alarm follows the start reminders' silence: the 11th's start passed unrung (not rung late after it
  // either); the 12th's rings once, at its start.
  const alarms = h.notifier.shown.filter((s) => s.alarm === true).map((s) => `${when(s)} ${s.title}`);
  expect(alarms).toEqual(['03-12T02:00 On call now — Night desk']);
  expect(shown).toEqual(
    expect.arrayContaining([
      '03-11T21:00 On call at Thu 03:00',
      '03-12T01:45 On call in 15 min',
      // The start alarm is the start's one notice (issue 50): no separate "On call now" beside it.
      '03-12T02:00 On call now — Night desk',
    ]),
  );
}

describe('an account muted or paused on its own', () => {
  it('muted, then unmuted: nothing of the mute is shown or summed up afterwards; the next shift is reminded', async () => {
    const h = await setup({ muted: true });
    const engine = h.engine();
    await engine.start();
    await h.clock.advanceTo(ms(SPEAKS_AGAIN));
    const unmuted = await engine.handlers['settings:update']({ account: { id: MAIN_ACCOUNT_ID, muted: false } });
    expect(unmuted.ok).toBe(true);
    await h.clock.advanceTo(ms('2026-03-12T03:00:00Z'));
    await engine.stop();
    expectOnlyWhatFollows(h);
    // The record of reminders shown holds nothing that was not shown, and nothing of the mute waits for a summary.
    const record = jsonObject((await h.files.read(REMINDERS_FILE)) ?? '{}');
    const fired = Object.keys(record['fired'] as object);
    const about11th = fired.filter((k) => k.includes('2026-03-11T02:00'));
    // ('mine:' is the record of blocks the app had as mine, not of anything shown: held-read.ts.)
    const shownKeys = about11th.filter((k) => !/^(passed|said|mine):/.test(k));
    expect(shownKeys).toEqual([]);
    // 'said:' records that a message about that shift was spoken (so a later contradiction is corrected): only its
    // end, at 10:00Z, after the unmute; nothing of its start.
    expect(about11th.filter((k) => k.startsWith('said:'))).toEqual(['said:shift:sch_night:2026-03-11T02:00:00Z']);
    expect(seen(h).filter((t) => t.startsWith('03-11T10:00'))).toEqual([expect.stringMatching(/ended/i)]);
    const held = record['held'] as { atMs: number }[];
    expect(held.filter((m) => m.atMs < ms(SPEAKS_AGAIN))).toEqual([]);
  }, 120_000);

  it('paused until 06:30 Berlin: the pause ends by itself and the same holds', async () => {
    const h = await setup({ pausedUntil: new Date(ms(SPEAKS_AGAIN)).toISOString() });
    const engine = h.engine();
    await engine.start();
    await h.clock.advanceTo(ms('2026-03-12T03:00:00Z'));
    await engine.stop();
    expectOnlyWhatFollows(h);
  }, 120_000);
});
