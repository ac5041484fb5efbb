// One service added as two accounts (Work first, Team), both on Ops; Work paused past my 09:00 UTC start, or muted.
// The reminders and the start alarm ring through Team (readiness says so), but the block is one block: every surface
// must name it by one account. The tooltip said "On call: Work · Ops" beside "Shift-start alarm (Team · Ops, …)"
// (adv47 r40 #2). Real engine, simulator, fake clock; the expected name is the first account in the settings file
// that watches Ops (the rule the now-line keeps), found from the file as written.
import { describe, expect, it } from 'vitest';
import { ackFromCli, alarmKnowledgeOf } from '../../../electron/core/alarm/cli-ack';
import { ringerOfKnown } from '../../../electron/core/engine/ack-ringer';
import { readOnlyOverlay } from '../../../electron/cli/overlay-files';
import { loadRecordSigner } from '../../../electron/core/storage/record-key';
import { createHarness, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { surfaces } from './support';

const MIN = 60_000;
async function sameServiceTwice(h: Harness, work: object) {
  const host = new URL(h.sim.url).host;
  const account = (id: string, label: string, more: object = {}) => ({
    ...{ id, label, baseUrl: h.sim.url, email: ME, schedules: [{ id: OPS_ID }] },
    ...more,
  });
  const accounts = [account('work', 'Work', work), account('team', 'Team')];
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts, startAtLogin: true }));
  for (const id of ['work', 'team']) await h.secrets.set(`${id}@${host}`, h.sim.apiKey);
  return accounts;
}

describe('one service as two accounts: the block is named by one account on every surface', () => {
  for (const [name, work, why] of [
    ['paused', { pausedUntil: '2026-03-10T09:30:00Z' }, 'paused'],
    ['muted', { muted: true }, 'muted'],
  ] as const) {
    it(`Work ${name}: now-line, alarm line, menu, popover and status all name Ops by one account`, async () => {
      const h = await createHarness({ startMs: Date.parse('2026-03-10T08:00:00Z'), seed: opsSeed });
      const accounts = await sameServiceTwice(h, work);
      const e = h.engine();
      await e.start();
      for (let i = 0; i < 62; i++) await h.clock.advance(MIN);
      // The ring came through Team (Work silent): the world is the one reported.
      expect(h.notifier.shown.map((n) => n.title)).toContain('On call now — Team · Ops');
      const t = surfaces(e.getState(), h.clock.now());
      // Status' schedule list names each account's watched schedule by its id ("Team · Ops [sch_ops] — fresh"), as
      // each account watches it: that lists the schedule, not the block, and is left out here.
      const lists = (l: string) => /\[sch_[^\]]+\]/.test(l);
      const all = [t.tooltip, t.menu, t.popover, t.status]
        .join('\n')
        .split('\n')
        .filter((l) => !lists(l))
        .join('\n');
      // Not vacuous: the now-line and the alarm line are both there.
      expect(t.tooltip).toMatch(/^On call: .+ · Ops until /m);
      expect(t.tooltip).toMatch(/^Shift-start alarm \(.+ · Ops, /m);
      const named = new Set([...all.matchAll(/(\w+) · Ops\b/g)].map((m) => m[1]));
      const first = accounts.find((a) => a.schedules.some((s) => s.id === OPS_ID))?.label;
      expect([...named]).toEqual([first]);
      // The notice from the merged fix still says who tells now.
      expect(t.status).toContain(`told once, through Team while Work is ${why}.`);
      // `status --ack` names the alarm as the tray does.
      await e.stop();
      const known = await alarmKnowledgeOf(readOnlyOverlay(h.files), h.clock.now());
      const signer = await loadRecordSigner(h.secrets, () => undefined, false);
      const ack = await ackFromCli(h.files, h.clock.now(), 'Europe/Berlin', known, ringerOfKnown(known), signer);
      expect(ack.text).toMatch(new RegExp(`^Acknowledged the shift-start alarm \\(${first} · Ops, `));
    }, 120_000);
  }
});
