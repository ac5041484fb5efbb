// Issue 49, adversarial round 1, finding 7: a problem is said once, with its real fix. A watched schedule the service
// doesn't have (404) offered Retry (tray action 'refresh') where the fix is Settings; one account down gave three
// top-level tray problem items and the popover said it twice (its now-lines heading and the stale line). States are
// derived by the real deriveState / combineStates.
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import { staleLine } from '../../../renderer/src/lib/glance';
import { nowGroups } from '../../../renderer/src/lib/now-lines';
import type { TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { alice, deriveInput, details, me, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';
import { combined, NOW, ZONE, HOUR, iso, type AccountWorld } from './support/accounts-world';

const ctx = { nowMs: NOW, locale: 'en-GB', localZone: ZONE };
const READ = iso(NOW - 60_000);

/** The top-level items before the first separator: my state and what stands in the way. */
function head(menu: readonly TrayMenuItem[]): TrayMenuItem[] {
  const at = menu.findIndex((i) => i.type === 'separator');
  return menu.slice(0, at < 0 ? menu.length : at);
}

describe('a problem said once, with its fix (issue 49, adversarial 7)', () => {
  it('a watched schedule the service does not have: the fix is Settings, in the tray and the popover', () => {
    const platform = scheduleSnap('sch_platform', [shift(iso(NOW - HOUR), iso(NOW + 12 * HOUR), alice)], {
      details: details('Platform primary', ZONE, [me, alice]),
      detailsFetchedAt: READ,
      shiftsFetchedAt: READ,
    });
    const gone = scheduleSnap('sch_gone', [], {
      notFound: true,
      problem: { kind: 'not_found', message: 'Not found.', at: READ },
    });
    const state = deriveState(
      deriveInput({
        snapshot: snapshotOf([platform, gone], { coverageFetchedAt: READ }),
        settings: settingsWith({ schedules: [{ id: 'sch_platform' }, { id: 'sch_gone' }] }),
        nowMs: NOW,
        localZone: ZONE,
      }),
    );
    const items = head(buildTrayMenu(state, NOW, ZONE))
      .slice(1)
      .filter((i) => i.type === 'action');
    const problem = items.find((i) => 'label' in i && i.label.includes('sch_gone'));
    expect(problem && problem.type === 'action' && problem.action).toBe('open-settings');
    expect(problem && 'label' in problem && problem.label).toMatch(/Settings…$/);
    expect(items.filter((i) => i.type === 'action' && i.action === 'refresh')).toEqual([]);
    expect(staleLine(state, ctx)?.action).toBe('settings');
  });

  it('one account of three down: one problem item in the tray, said once in the popover', () => {
    const slots = (who: number): [number[], number[]] => [
      [who, who, 1, 1],
      [1, 2, 1, 2],
    ];
    const world: AccountWorld[] = [
      { condition: 'healthy', slots: slots(1), asks: false },
      { condition: 'down', slots: slots(0), asks: false },
      { condition: 'healthy', slots: slots(2), asks: false },
    ];
    const state = combined(world);
    const top = head(buildTrayMenu(state, NOW, ZONE)).slice(1);
    const labels = top.map((i) => ('label' in i ? i.label : ''));
    expect(
      labels.filter((l) => /saved data|reach/i.test(l)),
      labels.join('\n'),
    ).toHaveLength(1);
    const stale = staleLine(state, ctx);
    expect(stale?.text).toMatch(/^Acme: /);
    expect(stale?.action).toBe('retry');
    // The now-lines name the account; the problem itself is the stale line's, with its Retry.
    const headings = nowGroups(state, ctx).map((g) => g.heading);
    expect(headings).toEqual(['Work', 'Acme', 'Globex']);
  });
});
