// Issue 49, adversarial round 16: one account × 3 schedules, my shift in 1 h, a ringing alarm, not ready (Start at
// login off), a phone line, a taken shortcut, a pause, AND the coverage list as saved data AND a half-done hand-off
// gave 15 items with one schedule of its own and "More schedules (2)" (10 schedules: "More schedules (9)"). The lines
// under my state never folded, problems folded only with two after the first, and the saved list was said twice at
// the top level ("Coverage requests: saved data from 07:00" and "Coverage requests (0)…", both opening Coverage).
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { NOW, ZONE, extrasOf, stateOf, type World } from './support/tray-world';

const labelOf = (i: TrayMenuItem): string => ('label' in i ? i.label : '—');
const top = (menu: readonly TrayMenuItem[]): TrayMenuItem[] => menu.filter((i) => i.type !== 'separator');
const leaves = (menu: readonly TrayMenuItem[]): TrayMenuItem[] =>
  menu.flatMap((i) => (i.type === 'submenu' ? i.items : [i]));

const r16: World = {
  accounts: 1,
  schedules: 3,
  alarms: [{ ringing: true }],
  failing: [false, false, false],
  notReady: true,
  paused: true,
  shortcut: true,
  login: false,
  update: false,
  phones: 1,
  asks: false,
  coverage: 'stale',
  halfHandoff: true,
  halfSwaps: 0,
};

/** The list was read 3 h before now, 05:00Z: 07:00 in Berlin (summer time). */
const LIST_BASIS = 'saved data from 07:00';

describe('adv49 r16: the saved coverage list and a half hand-off leave who is on call now its lines', () => {
  for (const schedules of [3, 10])
    it(`1 account × ${schedules}: within 15, at least two schedules of their own, "More" only for two or more`, () => {
      const w: World = { ...r16, schedules };
      const menu = buildTrayMenu(stateOf(w), NOW, ZONE, extrasOf(w));
      const shown = top(menu);
      const said = shown.map(labelOf).join('\n');
      expect(shown.length, said).toBeLessThanOrEqual(15);
      const own = shown.filter((i) => i.type === 'submenu' && /^Schedule 0\.\d · /.test(i.label)).map(labelOf);
      // Failed before: one schedule of its own and "More schedules (2)" (or "(9)"). Three fit as well as two and
      // "More schedules (1)" would: all three then.
      expect(own.length, said).toBeGreaterThanOrEqual(schedules === 3 ? 3 : 2);
      const more = shown.find((i) => i.type === 'submenu' && i.label.startsWith('More schedules'));
      expect(more ? labelOf(more) : undefined, said).toBe(
        schedules - own.length > 0 ? `More schedules (${schedules - own.length})` : undefined,
      );
      // Order: my state, then the alarm (still acknowledgeable at the top level), then what stands in the way.
      expect(labelOf(shown[0]!), said).toMatch(/^Your next shift: Schedule 0\.0 /);
      expect(shown[1], said).toMatchObject({ type: 'action', action: 'alarm-ack' });
      // Every problem keeps its fix, at the top level or in the folded submenu.
      const all = leaves(menu);
      expect(all, said).toContainEqual(expect.objectContaining({ action: 'open-away' }));
      expect(all, said).toContainEqual(expect.objectContaining({ action: 'toggle-start-at-login' }));
      expect(all, said).toContainEqual(
        expect.objectContaining({ label: 'Shortcut Alt+O is unavailable', action: 'open-settings' }),
      );
    });

  it('the saved list is said once, on the Coverage requests item, the one top-level item opening Coverage', () => {
    const menu = buildTrayMenu(stateOf(r16), NOW, ZONE, extrasOf(r16));
    const said = top(menu).map(labelOf).join('\n');
    const opens = top(menu).filter((i) => i.type === 'action' && i.action === 'open-coverage');
    // Failed before: "Coverage requests: saved data from 07:00" and "Coverage requests (0)…".
    expect(opens.map(labelOf), said).toEqual([`Coverage requests (0, ${LIST_BASIS})…`]);
    expect(leaves(menu).filter((i) => labelOf(i).includes(LIST_BASIS)).length, said).toBe(1);
  });

  // Past folding the problems after the worst, the lines under my state fold too (they never did): here the list
  // was never read, so its line stays ("couldn't load"), beside a half swap and Start at login waiting.
  it('with every line at once, the lines under my state fold with the problems; all three schedules stay', () => {
    const w: World = { ...r16, coverage: 'unread', login: true, halfSwaps: 1 };
    const menu = buildTrayMenu(stateOf(w), NOW, ZONE, extrasOf(w));
    const shown = top(menu);
    const said = shown.map(labelOf).join('\n');
    expect(shown.length, said).toBeLessThanOrEqual(15);
    expect(shown.filter((i) => i.type === 'submenu' && /^Schedule /.test(i.label)).length, said).toBe(3);
    expect(shown[1], said).toMatchObject({ type: 'action', action: 'alarm-ack' });
    // Each problem once, with its fix, at the top level or in "n more problems" ("More" has I'm away and Swap too).
    const fixes = leaves(menu).flatMap((i) => (i.type === 'action' ? [`${i.action} ${i.label}`] : []));
    for (const fix of [
      /^toggle-start-at-login Not ready /,
      /^open-away .*: open I’m away…$/,
      /^open-swap .*: Retry or/,
    ])
      expect(fixes.filter((a) => fix.test(a)).length, `${fix}\n${said}`).toBe(1);
    expect(leaves(menu).map(labelOf), said).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Coverage requests: couldn't load/),
        expect.stringMatching(/^Your phone may still ring at 10:40 /),
        'Shortcut Alt+O is unavailable',
        'Start at login waits for approval in System Settings',
      ]),
    );
  });

  it('the same without the saved list and the hand-off: nothing folds, all three schedules and each line shown', () => {
    const w: World = { ...r16, coverage: 'fresh', halfHandoff: false };
    const menu = buildTrayMenu(stateOf(w), NOW, ZONE, extrasOf(w));
    const shown = top(menu);
    const said = shown.map(labelOf).join('\n');
    expect(shown.filter((i) => i.type === 'submenu' && /^Schedule /.test(i.label)).length, said).toBe(3);
    expect(
      shown.some((i) => i.type === 'submenu' && /more problems$/.test(i.label)),
      said,
    ).toBe(false);
    expect(shown.map(labelOf), said).toContain('Shortcut Alt+O is unavailable');
  });

  for (const failing of [
    [false, false, false],
    [true, false, false],
    [true, true, true],
  ])
    it(`3 accounts × 10 with everything at once (failing ${failing.join(', ')}): every account, within 20`, () => {
      const w: World = {
        ...r16,
        accounts: 3,
        schedules: 10,
        alarms: [{ ringing: true }, { ringing: true }],
        failing,
        login: true,
        update: true,
        phones: 2,
        asks: true,
        halfSwaps: 2,
      };
      const menu = buildTrayMenu(stateOf(w), NOW, ZONE, extrasOf(w));
      const shown = top(menu);
      const said = shown.map(labelOf).join('\n');
      expect(shown.length, said).toBeLessThanOrEqual(20);
      expect(shown.filter((i) => i.type === 'submenu' && /^Account \d: /.test(i.label)).length, said).toBe(3);
      // The saved list said once (on "Asks you (2, …)…"), never again as a line of its own.
      expect(leaves(menu).filter((i) => labelOf(i).includes(LIST_BASIS)).length, said).toBe(1);
      expect(top(menu).filter((i) => i.type === 'action' && i.action === 'open-coverage').length, said).toBe(1);
    });
});
