// Issue 49 (with 47), adv49 r28: "Asks you" is one count with its basis on every surface. Three accounts: Work read
// fresh, Acme read once and then unreachable (its list is saved data), Third without a key (its list unknown). Three
// requests ask me on Work and three on Acme. Before, the popover's heading said 6, its badge "3?", the tray menu
// "Asks you (3, Acme's saved data from 11:01)…" (Work's 3 beside Acme's time) and the tooltip "Asks you (3)". Real
// engine, two simulators on loopback, fake clock; the expected total and Acme's saved time come from the seed and the
// clock, not from the state.
import { describe, expect, it } from 'vitest';
import { twoServices } from '../engine/support/two-services';
import { formatDayTime } from '../../../electron/shared/format';
import { everyText } from '../../support/text-registry';
import type { RunningSimulator } from '../../../electron/simulator/server';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const ZONE = 'Europe/Berlin';
const START = Date.parse('2026-03-04T10:00:00Z');

/** `n` pending requests by `from` on sch_primary, every other day from tomorrow (the days `from` is on call in the
 *  daily rotation of two): each asks the other person, me. */
function ask(sim: RunningSimulator, from: string, n: number): void {
  for (let i = 0; i < n; i += 1) {
    const startMs = START + (2 * i + 1) * DAY;
    sim.state.coverageRequests.push({
      id: `cov_${from}_${i}`,
      userId: `usr_${from}`,
      reason: `Trip ${i}`,
      status: 'pending',
      shifts: [{ startMs, endMs: startMs + DAY / 2, scheduleId: 'sch_primary', scheduleName: 'Primary' }],
    });
  }
}

/** Every "Asks you (…)" / "asking you (…)" count a text gives, with what its parentheses say. */
function counts(text: string): { n: number; inside: string }[] {
  return [...text.matchAll(/(?:Asks you|asking you) \((\d+)([^)\n]*)\)/gi)].map((m) => ({
    n: Number(m[1]),
    inside: m[2] ?? '',
  }));
}

describe('issue 49: "Asks you" is one count with its basis on every surface', () => {
  it("3 accounts (fresh, saved, no key): the same total everywhere, Acme's saved time only on Acme's part", async () => {
    const w = await twoServices(START);
    const { engine, acme, harness: h } = w;
    // Work's me is alice (bob asks); Acme's me is erin (frank asks).
    ask(h.sim, 'bob', 3);
    ask(acme, 'frank', 3);
    const settings: unknown = JSON.parse((await h.files.read('settings.json')) ?? '{}');
    const third = { id: 'third', label: 'Third', baseUrl: 'http://127.0.0.1:9', email: 'me@third.example' };
    if (
      typeof settings !== 'object' ||
      settings === null ||
      !('accounts' in settings) ||
      !Array.isArray(settings.accounts)
    )
      throw new Error('settings.json unreadable');
    settings.accounts.push({ ...third, schedules: [{ id: 'sch_primary' }] });
    await h.files.writeAtomic('settings.json', JSON.stringify(settings));
    await engine.start();
    await h.clock.advance(MIN);
    expect(engine.getState().coverage.askingMe).toHaveLength(6);

    // The last good read of Acme, then Acme is gone.
    await h.clock.advance(30 * MIN);
    await engine.handlers['sync:refresh'](null);
    const lastAcme = h.clock.now();
    await acme.close();
    await h.clock.advance(30 * MIN);
    await engine.handlers['sync:refresh'](null);
    await h.clock.advance(MIN);

    const nowMs = h.clock.now();
    const state = engine.getState();
    expect(state.accounts.find((a) => a.label === 'Acme')?.sync.kind).not.toBe('ok');
    const acmeTime = formatDayTime(lastAcme, { nowMs, localZone: ZONE });
    const texts = everyText({ state, nowMs, localZone: ZONE, notifications: h.notifier.shown });
    const whole = new Map(texts.filter((t) => t.accountId === null).map((t) => [t.surface, t.text]));
    for (const surface of ['tray-tooltip', 'tray-menu', 'popover', 'status'] as const) {
      const found = counts(whole.get(surface) ?? '');
      expect(found.length, `${surface} gives the count`).toBeGreaterThan(0);
      for (const c of found) {
        expect(c.n, `${surface}: ${c.inside}`).toBe(6);
        // Acme's saved time is said only of Acme's part, with its own number.
        if (c.inside.includes(acmeTime))
          expect(c.inside, surface).toContain(`Acme's 3 from saved data from ${acmeTime}`);
        expect(c.inside, `${surface}: Acme's part is scoped`).toContain("Acme's 3");
        // Third's list couldn't be read: unknown, never a 0 inside the count.
        expect(c.inside, surface).toContain("Third's list unknown");
      }
    }
    // The badge agrees with the heading: the total, with a mark (its parts are saved or unknown), never a part.
    const badge = /^Coverage (\d+)(\D*)$/m.exec(whole.get('popover') ?? '');
    expect(badge?.[1]).toBe('6');
    expect(badge?.[2]).not.toBe('');
    // No text anywhere ties Acme's saved time to a count that leaves Acme out.
    for (const t of texts)
      for (const c of counts(t.text)) if (c.inside.includes(acmeTime)) expect(c.inside, t.surface).toContain('Acme');
    await engine.stop();
  }, 60_000);
});
