// Issue 49, adversarial round 3, finding 1: while shift-start alarms rang, each cost two top-level items and the
// tray went over its budget (17 with one account of 10 schedules and 3 alarms; 25 with 3 × 3 and 6), dropping who is
// on call now. Over generated states (alarms 0–6, accounts 1–3, schedules 1–10, problems, a pause), the top level
// stays within 15 items with one account and 20 with several, my state comes first, and who is on call now stays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, trayTooltip, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { NOW, ZONE, extrasOf, stateOf, worldArb, type World } from './support/tray-world';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 80);

const labelOf = (i: TrayMenuItem): string => ('label' in i ? i.label : '—');
const top = (menu: readonly TrayMenuItem[]): TrayMenuItem[] => menu.filter((i) => i.type !== 'separator');

describe('the tray keeps its budget in every state (issue 49, adversarial 3, finding 1)', () => {
  it('at most 15 / 20 top-level items, my state first, who is on call now kept, every alarm acknowledgeable', () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const state = stateOf(w);
        const menu = buildTrayMenu(state, NOW, ZONE, extrasOf(w));
        const shown = top(menu);
        const said = shown.map(labelOf).join('\n');
        expect(shown.length, said).toBeLessThanOrEqual(w.accounts > 1 ? 20 : 15);
        expect(menu[0], said).toMatchObject({ type: 'action', action: 'open-status' });
        expect(labelOf(menu[0]!)).toMatch(/^Your next shift: /);
        // Who is on call now: every account's submenu, or with one account at least two now-lines of their own.
        const nowLines = shown.filter((i) => i.type === 'submenu' && /^(Schedule|Account) /.test(i.label));
        expect(nowLines.length, said).toBeGreaterThanOrEqual(w.accounts > 1 ? w.accounts : Math.min(2, w.schedules));
        if (w.accounts === 1) expectEverySchedule(shown, w.schedules, said);
        expectListDatedOnce(menu, w, said);
        // Each ringing alarm keeps its own "I'm on it", at the top level or in the alarms' submenu.
        const all = menu.flatMap((i) => (i.type === 'submenu' ? i.items : [i]));
        const acks = all.filter((i) => i.type === 'action' && i.action === 'alarm-ack');
        expect(acks.map((i) => (i.type === 'action' ? i.params?.alarmKey : undefined)).sort(), said).toEqual(
          w.alarms.flatMap((a, i) => (a.ringing ? [`alarm-${i}`] : [])).sort(),
        );
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

/** Each schedule once: its own line, or counted in "More schedules (n)", which holds two or more (one more
 *  schedule costs the entry "More" would take: adv49 r16), so up to three schedules each keep their own line. */
function expectEverySchedule(shown: readonly TrayMenuItem[], schedules: number, said: string): void {
  const own = shown.filter((i) => i.type === 'submenu' && /^Schedule /.test(i.label)).length;
  const more = shown.flatMap((i) => (i.type === 'submenu' ? (/^More schedules \((\d+)\)$/.exec(i.label) ?? []) : []));
  const folded = Number(more[1] ?? 0);
  expect(own + folded, said).toBe(schedules);
  if (more.length > 0) expect(folded, said).toBeGreaterThanOrEqual(2);
  if (schedules <= 3) expect(own, said).toBe(schedules);
}

/** The saved coverage list's time (read 3 h before now: 07:00 in Berlin) said once in the whole menu, and only one
 *  top-level item opening Coverage for it (adv49 r16: its own line and "Coverage requests (0)…" both did). */
function expectListDatedOnce(menu: readonly TrayMenuItem[], w: World, said: string): void {
  const all = menu.flatMap((i) => (i.type === 'submenu' ? [i, ...i.items] : [i]));
  const dated = all.filter((i) => 'label' in i && i.label.includes('saved data from 07:00'));
  expect(dated.length, said).toBe(w.coverage === 'stale' ? 1 : 0);
  // (A list never read keeps its line with the reason beside "Coverage requests (unknown)…": not counted here.)
  const opens = top(menu).filter((i) => i.type === 'action' && i.action === 'open-coverage');
  if (w.coverage !== 'unread') expect(opens.length, said).toBe(1);
}

describe('ringing alarms in the tray (issue 49, adversarial 3, finding 1)', () => {
  const calm: World = {
    accounts: 1,
    schedules: 10,
    alarms: [],
    failing: [false, false, false],
    notReady: false,
    paused: false,
    shortcut: false,
    login: false,
    update: false,
    phones: 0,
    asks: false,
    coverage: 'fresh',
    halfHandoff: false,
    halfSwaps: 0,
  };
  // Adversarial round 9 (issue 49), F3: one account × 10, two alarms, a hole, a pause, readiness, two asks and three
  // phone lines: only one schedule kept its own entry (docs/using-it.md: at least two). The phone lines are one
  // submenu ("Your phone may still ring for 3 shifts"), each one's line in it opening Settings → Phone.
  it('all at once with three phone lines: two schedules keep their own entry, each phone line in one submenu', () => {
    const w: World = {
      ...calm,
      alarms: [{ ringing: true }, { ringing: true }],
      failing: [true, false, false],
      notReady: true,
      paused: true,
      phones: 3,
      asks: true,
    };
    const menu = buildTrayMenu(stateOf(w), NOW, ZONE);
    const shown = top(menu);
    const said = shown.map(labelOf).join('\n');
    expect(shown.length, said).toBeLessThanOrEqual(15);
    expect(shown.filter((i) => i.type === 'submenu' && /^Schedule /.test(i.label)).length, said).toBeGreaterThanOrEqual(
      2,
    );
    const phone = shown.find((i) => i.type === 'submenu' && i.label === 'Your phone may still ring for 3 shifts');
    const lines = phone?.type === 'submenu' ? phone.items.filter((i) => i.type === 'action') : [];
    expect(lines.map(labelOf), said).toEqual([
      expect.stringMatching(/^Your phone may still ring at 10:40 for the Schedule 0\.0 shift/),
      expect.stringMatching(/^Your phone may still ring at 11:40 /),
      expect.stringMatching(/^Your phone may still ring at 12:40 /),
    ]);
    for (const l of lines) expect(l).toMatchObject({ action: 'open-settings', params: { section: 'phone' } });
  });
  // The generated worlds' counterexample (CI, 29 Nov): one account × 3, an acknowledged alarm, a failing read, not
  // ready, a pause, a phone line, a shortcut and a login problem: 15 items left one schedule its own entry. The
  // problems after the worst now fold into one "N more problems" submenu, each with its own fix.
  it('many problems at once: two schedules keep their own entry, the other problems one submenu', () => {
    const w: World = {
      ...calm,
      schedules: 3,
      alarms: [{ ringing: false }],
      failing: [true, false, false],
      notReady: true,
      paused: true,
      shortcut: true,
      login: true,
      phones: 1,
    };
    const menu = buildTrayMenu(stateOf(w), NOW, ZONE, {
      shortcutProblem: 'Shortcut Alt+O is unavailable',
      loginProblem: 'Start at login waits for approval in System Settings',
    });
    const shown = top(menu);
    const said = shown.map(labelOf).join('\n');
    expect(shown.length, said).toBeLessThanOrEqual(15);
    expect(shown.filter((i) => i.type === 'submenu' && /^Schedule /.test(i.label)).length, said).toBeGreaterThanOrEqual(
      2,
    );
    const more = shown.find((i) => i.type === 'submenu' && /^\d+ more problems$/.test(i.label));
    const inside = more?.type === 'submenu' ? more.items.map(labelOf) : [];
    expect(inside, said).toEqual(
      expect.arrayContaining(['Shortcut Alt+O is unavailable', 'Start at login waits for approval in System Settings']),
    );
  });
  it('one alarm: its line and "I’m on it" at the top level, after my state', () => {
    const menu = buildTrayMenu(stateOf({ ...calm, alarms: [{ ringing: true }] }), NOW, ZONE);
    expect(menu.slice(1, 3).map(labelOf)).toEqual([
      'Shift-start alarm (Schedule 0.0, 09:58): not acknowledged',
      'I’m on it (acknowledge the alarm)',
    ]);
  });
  it('three alarms: one "Alarms not acknowledged (3)" submenu with each one’s acknowledgement; the now-lines stay', () => {
    const menu = buildTrayMenu(
      stateOf({ ...calm, alarms: [{ ringing: true }, { ringing: true }, { ringing: true }] }),
      NOW,
      ZONE,
    );
    const alarms = menu[1];
    expect(alarms?.type === 'submenu' && alarms.label).toBe('Alarms not acknowledged (3)');
    expect(alarms?.type === 'submenu' && alarms.items.filter((i) => i.type === 'action')).toHaveLength(3);
    expect(top(menu).length).toBeLessThanOrEqual(15);
    expect(
      top(menu).filter((i) => i.type === 'submenu' && i.label.startsWith('Schedule ')).length,
    ).toBeGreaterThanOrEqual(3);
  });
  it('the tooltip says each alarm, under my state (finding 2)', () => {
    const text = trayTooltip(stateOf({ ...calm, alarms: [{ ringing: true }, { ringing: false }] }), NOW, ZONE);
    expect(text.split('\n').slice(1, 3)).toEqual([
      'Shift-start alarm (Schedule 0.0, 09:58): not acknowledged',
      'Shift-start alarm (Schedule 0.1, 09:58): acknowledged 09:59',
    ]);
  });
});
