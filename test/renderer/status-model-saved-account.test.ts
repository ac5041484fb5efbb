// Issue 47, adv47 r47 #2: two accounts, Work (fresh) and Acme (a different service), both have me on call now until
// Thu 09:00; only Acme's shift list fails. The popover's top line and its detail say whose data is saved, as the
// tray's menu says the same run ("You are on call: Work and Acme until Thu 09:00 (Acme's saved data from 13:00)",
// shared/run-basis.ts): "saved 13:00" said of both accounts' blocks stated Work's part as saved. Real engine + two
// simulated services + fake clock.
import { describe, expect, it } from 'vitest';
import { twoServices } from '../core/engine/support/two-services';
import { surfaces } from '../core/truth/support';

const START = Date.parse('2026-03-04T12:00:00Z');
const MIN = 60_000;

describe('my state line names the account whose part of my run is saved (adv47 r47 #2)', () => {
  it('Work fresh, Acme saved: the title and detail say Acme’s saved data, as the tray menu does', async () => {
    const w = await twoServices(START);
    await w.engine.start();
    await w.harness.clock.advance(5_000);
    w.acme.faults.set('listShifts', { status: 500 });
    await w.harness.clock.advance(40 * MIN);
    await w.engine.handlers['sync:refresh'](null);
    await w.harness.clock.advance(MIN);
    const state = w.engine.getState();
    const t = surfaces(state, w.harness.clock.now());
    await w.engine.stop();
    expect(state.accounts.map((a) => [a.id, a.sync.kind])).toEqual([
      ['work', 'ok'],
      ['acme', 'partial'],
    ]);
    const [title, detail] = t.popover.split('\n');
    const menu = t.menu.split('\n')[0] ?? '';
    const at = /^You are on call: Work and Acme until Thu 09:00 \(Acme's saved data from (\d\d:\d\d)\)$/.exec(
      menu,
    )?.[1];
    expect(at, menu).toBeDefined();
    expect(title).toBe(`On call until Thu 09:00 · Acme saved ${at}`);
    expect(detail).toMatch(/^Work · Platform primary and Acme · Platform primary · 09:00 – Thu 09:00 · .* left/);
    expect(detail?.endsWith(` left (Acme's saved data from ${at})`)).toBe(true);
  }, 60_000);
});
