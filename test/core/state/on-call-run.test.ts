// Issue 49, adversarial round 1, finding 1: back-to-back blocks on two schedules (Platform primary until 23:37, then
// Payments from 23:37, and so on) said "On call until 23:37 · 2 min left" everywhere. "Until" is the end of my
// continuous on-call time across schedules and accounts, and every surface (tray tooltip, tray menu, popover,
// status CLI) says the same end. The states are derived by the real deriveState (and combineStates for two accounts).
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { combineStates } from '../../../electron/core/state/combine';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { myLines } from '../../../electron/cli/status-mine';
import { myStateLine } from '../../../renderer/src/lib/status-model';
import { accountIdOf } from '../../../electron/shared/accounts';
import { defaultSettings, serviceSettings, type Account } from '../../../electron/shared/settings';
import type { AppState } from '../../../electron/shared/view-state';
import type { Shift } from '../../../electron/api/schemas';
import { alice, deriveInput, details, me, scheduleSnap, shift, snapshotOf } from '../support/fixtures';

const ZONE = 'Europe/Berlin';
const NOW = Date.parse('2026-03-04T22:35:00Z'); // 23:35 in Berlin
const HOUR = 3_600_000;
const iso = (msAt: number): string => new Date(msAt).toISOString().replace('.000Z', 'Z');
const READ = iso(NOW - 60_000);
// My blocks alternate between the two schedules every 12 h from 22:37Z (23:37 Berlin), the first from 10:37Z, for
// two days; then Alice. My continuous time ends at 22:37Z + 36 h = 10:37Z, Fri 11:37 Berlin (6 Mar).
const FIRST = NOW + 2 * 60_000 - 12 * HOUR;

function shiftsOf(k: number): Shift[] {
  const out: Shift[] = [];
  for (let i = 0; i < 4; i++) {
    const start = FIRST + i * 12 * HOUR;
    out.push(shift(iso(start), iso(start + 12 * HOUR), i % 2 === k ? me : alice));
  }
  out.push(shift(iso(FIRST + 48 * HOUR), iso(FIRST + 72 * HOUR), alice));
  return out;
}

const snap = (id: string, name: string, k: number) =>
  scheduleSnap(id, shiftsOf(k), {
    details: details(name, ZONE, [me, alice]),
    detailsFetchedAt: READ,
    shiftsFetchedAt: READ,
    shiftsFrom: iso(FIRST - 24 * HOUR),
    shiftsTo: iso(FIRST + 30 * 24 * HOUR),
  });

function account(id: string, label: string, schedules: string[]): Account {
  return {
    id: accountIdOf(id),
    label,
    baseUrl: `https://${id}.example.com`,
    email: me.email,
    schedules: schedules.map((s) => ({ id: s })),
  };
}

function world(accounts: Account[], snaps: Record<string, ReturnType<typeof snap>>): AppState {
  const settings = { ...defaultSettings(), accounts };
  const pairs = accounts.map((a) => ({
    account: a,
    state: deriveState(
      deriveInput({
        snapshot: snapshotOf(a.schedules.map((w) => snaps[w.id]!)),
        settings: serviceSettings(settings, a),
        nowMs: NOW,
        localZone: ZONE,
      }),
    ),
  }));
  return combineStates(pairs, settings, []);
}

function surfaces(state: AppState) {
  const f = { locale: 'en-GB' };
  const menu = buildTrayMenu(state, NOW, ZONE, f);
  const first = menu[0];
  return {
    tooltip: trayTooltip(state, NOW, ZONE, f).split('\n')[0] ?? '',
    menu: first && 'label' in first ? first.label : '',
    popover: myStateLine(state, { nowMs: NOW, locale: 'en-GB', localZone: ZONE }),
    cli: myLines(state, { nowMs: NOW, localZone: ZONE })[0] ?? '',
  };
}

describe('until = the end of my continuous on-call time (issue 49, adversarial 1)', () => {
  it('one account, back to back on two schedules: every surface says Fri 11:37, naming both', () => {
    const state = world([account('work', 'Work', ['sch_a', 'sch_b'])], {
      sch_a: snap('sch_a', 'Platform primary', 0),
      sch_b: snap('sch_b', 'Payments', 1),
    });
    expect(state.me.onCallNow.map((s) => s.end)).toEqual(['2026-03-04T22:37:00Z']);
    const s = surfaces(state);
    expect(s.tooltip).toBe('On call: Platform primary, then Payments until Fri 11:37 (1 d 12 h left)');
    expect(s.menu).toBe('You are on call: Platform primary, then Payments until Fri 11:37 (1 d 12 h left)');
    expect(s.popover.title).toBe('On call until Fri 11:37');
    expect(s.popover.detail).toContain('Platform primary, then Payments');
    expect(s.popover.detail).toContain('1 d 12 h left');
    expect(s.cli).toBe('You are on call now: Platform primary, then Payments until Fri 11:37');
  });

  it('two accounts, back to back across them: the same end, each schedule named with its account', () => {
    const state = world([account('work', 'Work', ['sch_a']), account('acme', 'Acme', ['sch_b'])], {
      sch_a: snap('sch_a', 'Platform primary', 0),
      sch_b: snap('sch_b', 'Payments', 1),
    });
    const s = surfaces(state);
    expect(s.tooltip).toBe('On call: Work · Platform primary, then Acme · Payments until Fri 11:37 (1 d 12 h left)');
    expect(s.popover.title).toBe('On call until Fri 11:37');
    expect(s.popover.detail).toContain('Work · Platform primary, then Acme · Payments');
    expect(s.cli).toContain('until Fri 11:37');
  });

  it('one block with nothing after it: unchanged ("until 23:37 (2 min left)")', () => {
    const state = world([account('work', 'Work', ['sch_a'])], { sch_a: snap('sch_a', 'Platform primary', 0) });
    const s = surfaces(state);
    expect(s.tooltip).toBe('On call: Platform primary until 23:37 (2 min left)');
    expect(s.popover.title).toBe('On call until 23:37');
  });
});

// Issue 49, adversarial 2: a shift the service returns as lasting a year (to 14 Dec 2027) while the read ends on
// 13 Dec: the headline and tooltip said "until at least 14 Dec" (the shift's end), the schedule's row and submenu
// "until at least 13 Dec" (the read's end). One end: the read's, then unknown. Failed before.
describe('one end for one block (issue 49, adversarial 2)', () => {
  it('a block running past the read ends, on every surface, where the read ends', () => {
    const readTo = iso(NOW + 15 * 24 * HOUR);
    const always = scheduleSnap('sch_a', [shift(iso(NOW - HOUR), '2027-12-14T21:00:00Z', me)], {
      details: details('Platform primary', ZONE, [me]),
      detailsFetchedAt: READ,
      shiftsFetchedAt: READ,
      shiftsFrom: iso(NOW - 24 * HOUR),
      shiftsTo: readTo,
    });
    const state = world([account('work', 'Work', ['sch_a'])], { sch_a: always });
    const row = state.schedules[0];
    expect(Date.parse(row?.now?.end ?? '')).toBe(Date.parse(readTo));
    expect(state.me.onCallNow.map((s) => Date.parse(s.end))).toEqual([Date.parse(readTo)]);
    expect(state.me.shifts.map((s) => Date.parse(s.end))).toEqual([Date.parse(readTo)]);
    const s = surfaces(state);
    const end = '19 Mar, 23:35';
    expect(s.tooltip).toBe(`On call: Platform primary until at least ${end}, then unknown`);
    expect(s.cli).toContain(`until at least ${end}, then unknown`);
    const submenu = buildTrayMenu(state, NOW, ZONE).find((i) => i.type === 'submenu');
    expect(submenu?.label).toContain(`until at least ${end}, then unknown`);
    expect(s.popover.title).toMatch(/^On call until at least .*19 Mar, 23:35, then unknown$/);
  });
});
