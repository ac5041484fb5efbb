// Adversarial round (issue 47): two accounts on the same service and schedule (Work as me, Dup as Bob), Dup's
// reminders for Ops off. The readiness warning about Dup's shift said only "Reminders for Ops are off", which reads
// as if Work's Ops (reminders on) were off: with several accounts a readiness notice, and the readiness line in the
// tray menu, the popover and `status`, names its account, as shift notices do.
import { expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { opsSeed, OPS_ID, ME } from '../support/seeds';
import { HOUR, MIN } from '../../support/time';
import { readinessLine } from '../../../electron/shared/readiness-text';
import { formatStatus } from '../../../electron/cli/status-format';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import { trayLabels } from '../support/tray-labels';

const MUTED = { leadTimesMin: [], atStart: false, atEnd: false, coverageRequests: false, shiftChanges: false };

it('a readiness notice and line name the account they are about', async () => {
  const START = Date.parse('2026-03-04T06:00:00Z');
  const h = await createHarness({ startMs: START, seed: opsSeed });
  const host = new URL(h.sim.url).host;
  const account = (id: string, label: string, email: string, reminders?: object) => ({
    id,
    label,
    baseUrl: h.sim.url,
    email,
    schedules: [{ id: OPS_ID, ...(reminders ? { reminders } : {}) }],
  });
  const accounts = [account('work', 'Work', ME), account('dup', 'Dup', 'bob@example.com', MUTED)];
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, startAtLogin: true, accounts }));
  await h.secrets.set(`work@${host}`, h.sim.apiKey);
  await h.secrets.set(`dup@${host}`, h.sim.apiKey);
  const e = h.engine();
  await e.start();
  // 09:05: my shift (09–17) began, so the next shift is Bob's at 01:00 tomorrow: Dup's.
  await h.clock.advanceTo(START + 3 * HOUR + 5 * MIN);
  const readiness = h.notifier.shown.filter((n) => n.id.startsWith('readiness:'));
  expect(readiness.length).toBeGreaterThan(0);
  for (const n of readiness) expect(n.title).toBe('Dup · Not ready for your shift');
  for (const n of readiness)
    expect(n.body).toMatch(/^Dup · Not ready for your shift at .+ — Reminders for Ops are off/);
  const state = e.getState();
  const r = state.me.readiness;
  expect(r?.shift.accountId).toBe('dup');
  if (r) expect(readinessLine(r, (iso) => iso, state).text).toMatch(/^Dup · Not ready/);
  const nowMs = h.clock.now();
  expect(formatStatus(state, { nowMs, localZone: 'Europe/Berlin' })).toMatch(/Ready for your next shift: Dup · Not/);
  expect(trayLabels(buildTrayMenu(state, nowMs, 'Europe/Berlin')).join('\n')).toMatch(/Dup · Not ready/);
}, 30_000);
