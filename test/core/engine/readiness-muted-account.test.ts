// Adversarial round 5 (issue 47, finding 4): Acme muted (or paused past its block's start), my next start Acme's
// Thu 21:00 Berlin. The readiness said "Acme · Ready for your shift at 21:00 ✓ … Reminders are on … Shift-start
// alarm: loud ✓", then nothing rang: muting an account silences even a start (docs/settings-and-accounts.md). The
// readiness now says what will happen (no reminder or alarm), and indeed nothing of Acme's shift comes.
import { expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { startSimulator } from '../../../electron/simulator/server';
import { serviceSeed } from '../../support/two-service-seeds';
import { readinessLine } from '../../../electron/shared/readiness-text';
import { formatStatus } from '../../../electron/cli/status-format';
import { MIN } from '../../support/time';

const T0 = Date.parse('2026-03-05T10:00:00Z');
const ACME_START = Date.parse('2026-03-05T20:00:00Z');
// Few reads over the 11 hours walked (the test stays fast); the start's own re-reads still come.
const FEW_READS = { idleIntervalSec: 3600, nearIntervalSec: 600, nearWindowMin: 30 };
const WORK_KEY = 'ocs_work_key_1111';
const ACME_KEY = 'ocs_acme_key_2222';

async function world(silence: object) {
  const h = await createHarness({ startMs: T0, seed: serviceSeed(WORK_KEY, ['alice', 'bob']) });
  const seed = serviceSeed(ACME_KEY, ['erin', 'bob']);
  // Acme's blocks run 24 h from 21:00 Berlin: my next start is Acme's Thu 21:00, Work's is Fri 09:00.
  const layer = seed.schedules[0]?.layers[0];
  if (layer) layer.rotation_start = '2026-03-03T20:00:00Z';
  const acme = await startSimulator({ seed, now: () => h.clock.now() });
  const acc = (id: string, label: string, baseUrl: string, email: string, extra: object = {}) => ({
    id,
    label,
    baseUrl,
    email,
    schedules: [{ id: 'sch_primary' }],
    ...extra,
  });
  const accounts = [
    acc('work', 'Work', h.sim.url, 'alice@example.com'),
    acc('acme', 'Acme', acme.url, 'erin@example.com', silence),
  ];
  await h.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, startAtLogin: true, refresh: FEW_READS, accounts }),
  );
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, WORK_KEY);
  await h.secrets.set(`acme@${new URL(acme.url).host}`, ACME_KEY);
  const e = h.engine();
  await e.start();
  await h.clock.advance(MIN);
  return { h, e, close: async () => (await e.stop(), await acme.close(), await h.close()) };
}

const cases = [
  { name: 'muted', silence: { muted: true }, how: 'muted', fix: 'unmute them', alarm: 'muted' },
  {
    name: 'paused past the start',
    silence: { pausedUntil: '2026-03-06T08:00:00.000Z' },
    how: 'paused past its start',
    fix: 'resume them',
    alarm: 'paused',
  },
];

for (const c of cases) {
  it(`an account ${c.name}: its start is "Not ready … no reminder or alarm will come", and none comes`, async () => {
    const { h, e, close } = await world(c.silence);
    try {
      const state = e.getState();
      const r = state.me.readiness;
      expect(r && Date.parse(r.shift.start)).toBe(ACME_START);
      expect(r?.shift.accountId).toBe('acme');
      const said = `Reminders for Acme are ${c.how}: no reminder or alarm will come for this shift; ${c.fix} in the tray menu or Settings.`;
      expect(r?.checks.find((x) => x.id === 'reminders')).toEqual({
        id: 'reminders',
        result: 'problem',
        message: said,
        action: 'settings',
        // Its fix's button, worded by main for the popover's first frame (adv49 r19 #4).
        label: 'Open reminder settings',
      });
      expect(r?.checks.find((x) => x.id === 'alarm')).toMatchObject({
        result: 'problem',
        message: `Shift-start alarm: silent (Acme's reminders are ${c.alarm}), so it won't ring.`,
      });
      if (r)
        expect(readinessLine(r, () => '21:00', state).text).toBe(`Acme · Not ready for your shift at 21:00 — ${said}`);
      const status = formatStatus(state, { nowMs: h.clock.now(), localZone: 'Europe/Berlin' });
      expect(status).not.toMatch(/Reminders are on|loud ✓/);
      // What it says is what happens: through the start and its first hour, nothing of Acme's shift rings.
      await h.clock.advanceTo(ACME_START + 60 * MIN);
      const acme = h.notifier.shown.filter((n) => /Acme/.test(`${n.title} ${n.body}`));
      expect(acme).toEqual([]);
    } finally {
      await close();
    }
  }, 30_000);
}
