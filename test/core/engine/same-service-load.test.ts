// One service added as two accounts (same address and e-mail): One watches Solo; Two watches Solo and Payments.
// My on-call load counts each schedule of the service once: Solo as One's (the earlier account tells it, as my
// shifts do), Payments as Two's own. Before the fix Two's whole load was dropped, and Payments with it (issue 47,
// adversarial round 27, finding 1).
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { loadLine } from '../../../electron/shared/load-text';
import { createHarness } from '../support/engine-harness';
import { API_KEY, ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SECOND_KEY = 'ocs_test_key_2';
const SOLO_FROM = Date.parse('2026-03-20T08:00:00Z');
const PAY_FROM = Date.parse('2026-03-25T06:00:00Z');

/** My hours on a rotation (me first of `people`) between two instants, counted shift by shift. */
function myHours(rotationMs: number, lengthMs: number, people: number, fromMs: number, toMs: number): number {
  let ms = 0;
  for (let start = rotationMs; start < toMs; start += lengthMs * people)
    ms += Math.max(0, Math.min(start + lengthMs, toMs) - Math.max(start, fromMs));
  return Math.round(ms / HOUR);
}

async function world(accounts: [string, string, string[]][]) {
  const h = await createHarness({
    startMs: START,
    seed: seedOf([
      {
        id: 'sch_solo',
        name: 'Solo',
        zone: 'Etc/UTC',
        rotationStart: new Date(SOLO_FROM).toISOString(),
        length: { amount: 1, unit: 'days' },
        userIds: ['usr_me', 'usr_alice', 'usr_bob'],
      },
      {
        id: 'sch_pay',
        name: 'Payments',
        zone: 'Etc/UTC',
        rotationStart: new Date(PAY_FROM).toISOString(),
        length: { amount: 12, unit: 'hours' },
        userIds: ['usr_me', 'usr_carol'],
      },
    ]),
  });
  h.sim.state.addKey(SECOND_KEY, 'usr_me');
  const host = new URL(h.sim.url).host;
  const list = accounts.map(([id, label, schedules]) => ({
    id,
    label,
    baseUrl: h.sim.url,
    email: ME,
    schedules: schedules.map((s) => ({ id: s })),
  }));
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, startAtLogin: true, accounts: list }));
  await h.secrets.set(`main@${host}`, API_KEY);
  await h.secrets.set(`second@${host}`, SECOND_KEY);
  const engine = h.engine({ alarms: false });
  await engine.start();
  await h.clock.advance(2 * HOUR + 25 * 60_000); // 12:25 UTC: on call on Payments since 06:00, and on Solo before
  const nowMs = h.clock.now();
  const state = engine.getState();
  const status = formatStatus(state, { nowMs, localZone: 'Etc/UTC' });
  const words = { dateTime: (iso: string) => iso, time: (iso: string) => iso };
  await engine.stop();
  return { state, nowMs, status: status.split('\n').filter((l) => /this month|load/.test(l)), words };
}

describe('my on-call load with one service added as two accounts', () => {
  it("counts the later account's own schedule as its own, and a schedule both watch once", async () => {
    const w = await world([
      ['main', 'One', ['sch_solo']],
      ['second', 'Two', ['sch_solo', 'sch_pay']],
    ]);
    // Counted to the current hour, from where the reads reach back (the month's first read day or later).
    const untilMs = Math.floor(w.nowMs / HOUR) * HOUR;
    const period = w.state.me.load?.byAccount?.find((a) => a.accountId === 'main')?.thisMonth;
    const fromMs = Date.parse(period?.from ?? '');
    const solo = myHours(SOLO_FROM, DAY, 3, fromMs, untilMs);
    const pay = myHours(PAY_FROM, 12 * HOUR, 2, fromMs, untilMs);
    expect(pay).toBeGreaterThan(0);
    const one = w.status.find((l) => l.startsWith(' One this month'));
    const two = w.status.find((l) => l.startsWith(' Two this month'));
    expect(one).toMatch(new RegExp(`: ${solo} h .* — One · Solo ${solo} h$`));
    expect(two).toMatch(new RegExp(`: ${pay} h .* — Two · Payments ${pay} h$`));
    expect(w.status.join('\n').match(/Solo/g)?.length).toBe(1);
    // The popover's line: both accounts, each apart, Solo counted once (One's) and Payments as Two's.
    const line = loadLine(w.state.me.load, w.words) ?? '';
    expect(line).toMatch(
      new RegExp(`^This month: One ${solo} h\\b.*; Two ${pay} h\\b.* — each service counted apart$`),
    );
  }, 60_000);
});
