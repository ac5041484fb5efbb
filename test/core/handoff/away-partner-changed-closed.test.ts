// adv48 r46 #1: I'm away for Tue on Pair (two at once) makes two blocks; the Mon 23:00 – Tue 08:00 UTC write is
// answered 5xx (outcome unknown), Tue lands. The app is closed; a manager overrides 20:00Z Mon – 08:00Z Tue as me +
// Carol (the cover became my partner) or me + Bob: I am still on call there, my partner changed over all of it. On
// restart the unknown item was dropped ("1 of 1 handed off", no Retry): the file's partner (Alice) was not beside
// me as last read, and only a partner changed partway was kept. The plan's own record says Alice was beside me when
// planned, so the item is kept and said as changed once re-read; nothing is sent. Real engine, simulator, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import { type Harness } from '../support/engine-harness';
import { SEED_USERS } from '../support/seeds';
import { startPairWorld } from './support/pair-world';
import { logWrites } from './support/write-log';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const CAROL = 'carol@example.com';
const MON = { start: '2026-03-23T23:00:00.000Z', end: '2026-03-24T08:00:00.000Z' };
const nameOf = (email: string) => Object.values(SEED_USERS).find((u) => u.email === email)?.name ?? email;

/** "Tue 00:00" in a zone, from the platform's own calendar (not the app's formatter). */
function at(iso: string, timeZone: string): [string, string] {
  const f = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit' });
  const parts = Object.fromEntries(f.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return [parts.weekday ?? '', `${parts.hour}:${parts.minute}`];
}
/** The block as the app words a window: my zone (Berlin), then UTC. */
function windowText(w: { start: string; end: string }): string {
  const [sd, st] = at(w.start, 'Europe/Berlin');
  const [ed, et] = at(w.end, 'Europe/Berlin');
  const [usd, ust] = at(w.start, 'UTC');
  const [ued, uet] = at(w.end, 'UTC');
  const local = sd === ed ? `${sd} ${st}–${et}` : `${sd} ${st} – ${ed} ${et}`;
  const utc = usd === ued ? `${usd} ${ust}–${uet} UTC` : `${usd} ${ust} – ${ued} ${uet} UTC`;
  return `${local} (${utc})`;
}

describe('an unknown away block whose partner a manager changed while the app was closed', () => {
  it.each([
    [500, 'carol'],
    [500, 'bob'],
    [503, 'carol'],
    [503, 'bob'],
  ] as const)(
    'HTTP %s, then me + %s: kept after the restart, said as changed on Retry, nothing sent',
    async (status, partner) => {
      const w = await startPairWorld();
      h = w.h;
      const log = logWrites(w.h, ['sch_pair', 'sch_solo']);
      const range = { from: '2026-03-24', to: '2026-03-24' };
      const plan = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:plan']({ range }), 1000, 60);
      if (!plan.ok) throw new Error(plan.error.message);
      const items = plan.value.rows
        .filter((r) => r.scheduleId === 'sch_pair')
        .map((r) => ({ scheduleId: r.scheduleId, start: r.start, end: r.end, email: CAROL }));
      expect(items.map((i) => i.start)).toEqual([MON.start, '2026-03-24T08:00:00.000Z']);

      w.h.sim.faults.set('createOverride', { status, times: 1 });
      const first = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }), 1000, 200);
      w.h.sim.faults.clear();
      if (!first.ok) throw new Error(first.error.message);
      expect(first.value.run?.items.map((i) => i.state)).toEqual(['not_landed', 'handed_off']);
      await w.engine.stop();

      // While the app is closed: the whole Mon night block is me + the new partner.
      log.manage('sch_pair', Date.parse('2026-03-23T20:00:00Z'), Date.parse(MON.end), ['me', partner]);
      await w.h.clock.advance(3 * 60_000);
      const sentBefore = log.entries.filter((e) => !e.manager).length;

      const engine = w.h.engine();
      await engine.start();
      await w.h.clock.advance(2_000);
      const got = await engine.handlers['handoff:get'](null);
      if (!got.ok) throw new Error(got.error.message);
      expect(got.value.run?.items.map((i) => i.start)).toEqual([MON.start, '2026-03-24T08:00:00.000Z']);
      expect(got.value.notice ?? '').not.toMatch(/was not used/);

      // Pressed once the restart's settle is over (inside it the earlier write may still land: retry-in-settle).
      await w.h.clock.advance(SETTLE_MS);
      const r = await w.h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 200);
      if (!r.ok) throw new Error(r.error.message);
      const mon = r.value.run?.items.find((i) => i.start === MON.start);
      expect(mon?.state).toBe('changed');
      expect(mon?.message).toBe(
        `Changed since you planned it: ${nameOf(`${partner}@example.com`)} is now on call with you ${windowText(MON)}. ` +
          'Nothing was sent: look at it again and choose anew.',
      );
      expect(r.value.said?.summary).toBe('1 of 2 handed off · 1 changed since you planned it (not sent)');
      expect(r.value.said?.canRetry).toBe(true);
      expect(log.entries.filter((e) => !e.manager)).toHaveLength(sentBefore);
      await engine.stop();
    },
    60_000,
  );
});
