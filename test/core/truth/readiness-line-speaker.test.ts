// fix47ah 2 (issue 47): two accounts on one service both watch Ops; Main (listed first) is muted, so Work speaks
// for the shift (its reminders, start alarm and readiness warning come through Work). The readiness LINE on the
// tray menu, the popover and `status` still named Main ("Main · Not ready for your shift …") while the warning said
// "Work · …". One function (shared/readiness-speaker.ts) chooses the account for every surface. Real engine,
// simulator over loopback, fake clock; checked over the text registry. Failed before: the line named Main.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { seedOf } from '../support/seeds';
import { MIN } from '../../support/time';
import { everyText } from '../../support/text-registry';

const START = Date.parse('2026-03-10T20:00:00Z');
const ZONE = 'Europe/Berlin';
let open: Harness | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** Me 09–17Z on Ops; the start alarm off for Ops on both accounts (a problem readiness names). */
async function surfaces(muted: readonly ('main' | 'work')[]) {
  const seed = seedOf([
    {
      id: 'sch_ops',
      name: 'Ops',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T01:00:00Z',
      userIds: ['usr_bob', 'usr_me', 'usr_alice'],
      length: { amount: 8, unit: 'hours' },
    },
  ]);
  const h = await createHarness({ startMs: START, seed });
  open = h;
  const rem = { reminders: { leadTimesMin: [15], atStart: true, atEnd: false, shiftChanges: true, startAlarm: 'off' } };
  const acc = (id: 'main' | 'work', label: string) => ({
    id,
    label,
    baseUrl: h.sim.url,
    email: 'me@example.com',
    muted: muted.includes(id),
    schedules: [{ id: 'sch_ops', ...rem }],
  });
  const refresh = { idleIntervalSec: 3600, nearIntervalSec: 600, nearWindowMin: 30 };
  const accounts = [acc('main', 'Main'), acc('work', 'Work')];
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, startAtLogin: true, refresh, accounts }));
  await h.secrets.set(`main@${new URL(h.sim.url).host}`, h.sim.apiKey);
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, h.sim.apiKey);
  const e = h.engine();
  await e.start();
  await h.clock.advance(5 * MIN);
  const nowMs = h.clock.now();
  const texts = everyText({ state: e.getState(), nowMs, localZone: ZONE, notifications: h.notifier.shown });
  await e.stop();
  const whole = new Map(texts.filter((t) => t.accountId === null).map((t) => [t.surface, t.text]));
  const warning = h.notifier.shown.filter((n) => n.title.includes('Not ready for your shift')).map((n) => n.title);
  return { whole, warning };
}

const LINE = 'Not ready for your shift at Wed 10:00 (09:00 UTC)';

describe('the readiness line of a shift two accounts of one service watch', () => {
  it('the first muted: every surface names Work, as the warning does', async () => {
    const { whole, warning } = await surfaces(['main']);
    expect(warning).toEqual(['Work · Not ready for your shift']);
    for (const surface of ['tray-menu', 'popover', 'status'] as const) {
      expect(whole.get(surface), surface).toContain(`Work · ${LINE}`);
      expect(whole.get(surface), surface).not.toContain(`Main · ${LINE}`);
    }
  }, 30_000);

  it('neither muted: every surface names Main (the first), as the warning does', async () => {
    const { whole, warning } = await surfaces([]);
    expect(warning).toEqual(['Main · Not ready for your shift']);
    for (const surface of ['tray-menu', 'popover', 'status'] as const)
      expect(whole.get(surface), surface).toContain(`Main · ${LINE}`);
  }, 30_000);
});
