// Issue 47: the service answers 500 for one account's schedule from the start (nothing saved) and my other account's
// schedule has someone else on call now: whether I am on call now is unknown, so no surface says off call or a plain
// "next" (which implies not now); each says "On call now: unknown (couldn't load Acme · …)", then "next known".
import { describe, expect, it } from 'vitest';
import { trayTooltip, buildTrayMenu } from '../../../electron/core/state/tray-menu';
import { buildHandoffSummary } from '../../../electron/core/state/handoff-summary';
import { formatStatus } from '../../../electron/cli/status-format';
import { myStateLine } from '../../../renderer/src/lib/status-model';
import { twoServices } from './support/two-services';

const START = Date.parse('2026-03-05T10:00:00Z');
const MIN = 60_000;

describe('engine: my now unknown while one schedule fails', () => {
  it('every surface says my now is unknown, scoped to the failing account, and the next only as known', async () => {
    const w = await twoServices(START);
    w.acme.faults.set('*', { status: 500 });
    await w.engine.start();
    await w.harness.clock.advance(2 * MIN);
    const state = w.engine.getState();
    const nowMs = w.harness.clock.now();
    // Work was read and doesn't have me now; Acme (where I may be on call) couldn't be read at all.
    expect(state.me.onCallNow).toEqual([]);
    expect(state.schedules.find((s) => s.accountId === 'acme')?.status.kind).toBe('error');
    const menu = buildTrayMenu(state, nowMs, 'UTC')[0];
    const texts = {
      tooltip: trayTooltip(state, nowMs, 'UTC'),
      menu: menu && 'label' in menu ? String(menu.label) : '',
      popover: myStateLine(state, { nowMs, locale: 'en-GB', localZone: 'UTC' }).title,
      status: formatStatus(state, { nowMs, localZone: 'UTC' }),
      handoff: buildHandoffSummary(state, { nowMs, localZone: 'UTC' }),
    };
    for (const [surface, text] of Object.entries(texts)) {
      expect(text, surface).toMatch(/on call now: unknown/i);
      expect(text, surface).not.toMatch(
        /Off call|Next on call:|^Next: |Your next shift: (?!unknown)|My next block: (?!unknown)/m,
      );
    }
    expect(texts.tooltip.split('\n')[0]).toMatch(/^On call now: unknown \(couldn't load Acme · /);
  }, 60_000);
});
