// Issue 49, adversarial round 3, finding 1: while shift-start alarms rang, each cost two top-level items and the
// tray went over its budget (17 with one account of 10 schedules and 3 alarms; 25 with 3 × 3 and 6), dropping who is
// on call now. Over generated states (alarms 0–6, accounts 1–3, schedules 1–10, problems, a pause), the top level
// stays within 15 items with one account and 20 with several, my state comes first, and who is on call now stays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, trayTooltip, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { accountIdOf, scheduleRef } from '../../../electron/shared/accounts';
import type { AlarmStatus } from '../../../electron/shared/phone-intent';
import type { AppState } from '../../../electron/shared/view-state';
import { accountView, appState, schedule } from '../../renderer/support/state';
import { errorSync, partialSync } from '../../support/sync-status';

const NOW = Date.parse('2026-05-04T08:00:00Z');
const ZONE = 'Europe/Berlin';
const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 80);

interface World {
  accounts: number;
  schedules: number;
  alarms: { ringing: boolean }[];
  failing: boolean[];
  notReady: boolean;
  paused: boolean;
  shortcut: boolean;
  login: boolean;
  update: boolean;
  /** "Your phone may still ring …" lines (adv49 r9 F3) and two requests asking me. */
  phones: number;
  asks: boolean;
}

const worldArb: fc.Arbitrary<World> = fc.record({
  accounts: fc.integer({ min: 1, max: 3 }),
  schedules: fc.integer({ min: 1, max: 10 }),
  alarms: fc.array(fc.record({ ringing: fc.boolean() }), { maxLength: 6 }),
  failing: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  notReady: fc.boolean(),
  paused: fc.boolean(),
  shortcut: fc.boolean(),
  login: fc.boolean(),
  update: fc.boolean(),
  phones: fc.integer({ min: 0, max: 3 }),
  asks: fc.boolean(),
});

function stateOf(w: World): AppState {
  const base = appState();
  const ids = Array.from({ length: w.accounts }, (_, i) => accountIdOf(i === 0 ? 'main' : `acc${i}`));
  const label = (i: number): string => (w.accounts === 1 ? 'oncall.example.com' : `Account ${i}`);
  const schedules = ids.flatMap((accountId, a) =>
    Array.from({ length: w.schedules }, (_, i) =>
      schedule({
        id: scheduleRef(accountId, `sch_${i}`),
        scheduleId: `sch_${i}`,
        accountId,
        name: `Schedule ${a}.${i}`,
      }),
    ),
  );
  const failing = (a: number): boolean => w.failing[a] === true;
  const alarms: AlarmStatus[] = w.alarms.map((x, i) => ({
    key: `alarm-${i}`,
    ...(w.accounts > 1 ? { accountName: label(i % w.accounts) } : {}),
    scheduleName: `Schedule ${i % w.accounts}.${i}`,
    start: new Date(NOW - 2 * 60_000).toISOString(),
    ringing: x.ringing,
    ackedAt: x.ringing ? null : new Date(NOW - 60_000).toISOString(),
    ackSource: x.ringing ? null : 'tray',
  }));
  const [first] = schedules;
  const shift = first && {
    accountId: first.accountId,
    scheduleId: first.id,
    scheduleName: first.name,
    start: new Date(NOW + 3_600_000).toISOString(),
    end: new Date(NOW + 9 * 3_600_000).toISOString(),
    endBasis: { kind: 'fresh' as const, readAt: null },
    basis: { kind: 'fresh' as const, readAt: null },
  };
  const check = {
    id: 'autostart' as const,
    result: 'problem' as const,
    message: 'After a restart, nothing will remind you: turn on Start at login.',
    action: 'start-at-login' as const,
  };
  const anyFailing = ids.some((_, a) => failing(a));
  return {
    ...base,
    ...(w.update ? { update: { version: '9.9.9', url: 'https://example.com/release' } } : {}),
    settings: {
      ...base.settings,
      pausedUntil: w.paused ? new Date(NOW + 3_600_000).toISOString() : null,
      accounts: ids.map((id, a) => ({
        id,
        label: label(a),
        baseUrl: `https://${id}.example.com`,
        email: 'bob@example.com',
        schedules: Array.from({ length: w.schedules }, (_, i) => ({ id: `sch_${i}` })),
      })),
    },
    accounts: ids.map((id, a) =>
      accountView({
        id,
        label: label(a),
        address: `https://${id}.example.com`,
        sync: failing(a) ? errorSync('Cannot reach the service') : { kind: 'ok' },
      }),
    ),
    sync: anyFailing ? partialSync('Cannot reach the service') : { kind: 'ok' },
    schedules,
    me: {
      ...base.me,
      nextShift: shift ?? null,
      shifts: shift ? [shift] : [],
      readiness: shift && w.notReady ? { shift, checks: [check] } : null,
    },
    alarm: alarms[0] ?? null,
    otherAlarms: alarms.slice(1),
    ...(w.phones > 0 ? { phone: phoneWith(w.phones) } : {}),
    ...(w.asks ? { coverage: { ...base.coverage, askingMe: [ask('cov_1'), ask('cov_2')] } } : {}),
  };
}

function phoneWith(n: number): NonNullable<AppState['phone']> {
  return {
    provider: 'ntfy',
    server: 'https://ntfy.sh',
    hasSecrets: true,
    lastTest: null,
    booking: 'booked',
    nextBooked: null,
    problem: 'could not connect to ntfy.sh',
    stillRing: Array.from({ length: n }, (_, i) => ({
      key: `k${i}`,
      at: new Date(NOW + (40 + 60 * i) * 60_000).toISOString(),
      scheduleName: `Schedule 0.${i}`,
      why: 'not-mine' as const,
      error: 'could not connect to ntfy.sh (ECONNREFUSED)',
      passed: false,
    })),
  };
}

function ask(id: string): AppState['coverage']['askingMe'][number] {
  const start = new Date(NOW + 12 * 3_600_000).toISOString();
  const end = new Date(NOW + 20 * 3_600_000).toISOString();
  return {
    accountId: accountIdOf('main'),
    id: `main:${id}`,
    requester: { id: 'usr_erin', name: 'Erin Walsh', email: 'erin@example.com' },
    reason: 'Dentist appointment',
    status: 'pending',
    shifts: [{ start, end, scheduleId: 'sch_3', scheduleName: 'Schedule 0.3' }],
  };
}

const labelOf = (i: TrayMenuItem): string => ('label' in i ? i.label : '—');
const top = (menu: readonly TrayMenuItem[]): TrayMenuItem[] => menu.filter((i) => i.type !== 'separator');

describe('the tray keeps its budget in every state (issue 49, adversarial 3, finding 1)', () => {
  it('at most 15 / 20 top-level items, my state first, who is on call now kept, every alarm acknowledgeable', () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const state = stateOf(w);
        const menu = buildTrayMenu(state, NOW, ZONE, {
          ...(w.shortcut ? { shortcutProblem: 'Shortcut Alt+O is unavailable' } : {}),
          ...(w.login ? { loginProblem: 'Start at login waits for approval in System Settings' } : {}),
        });
        const shown = top(menu);
        const said = shown.map(labelOf).join('\n');
        expect(shown.length, said).toBeLessThanOrEqual(w.accounts > 1 ? 20 : 15);
        expect(menu[0], said).toMatchObject({ type: 'action', action: 'open-status' });
        expect(labelOf(menu[0]!)).toMatch(/^Your next shift: /);
        // Who is on call now: every account's submenu, or with one account at least two now-lines of their own.
        const nowLines = shown.filter((i) => i.type === 'submenu' && /^(Schedule|Account) /.test(i.label));
        expect(nowLines.length, said).toBeGreaterThanOrEqual(w.accounts > 1 ? w.accounts : Math.min(2, w.schedules));
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
