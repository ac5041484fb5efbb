// Issue 47 (adv47 r22): one service added as two accounts (Work listed first, Team second, the same address and
// e-mail), both watching Ops. The start alarm is the one account's that speaks for the shift (the first neither muted
// nor paused, the account readiness names and the reminders come through), by that account's own choice. Before,
// each account planned the alarm by its own choice: with Work's alarm off for Ops, Team's default rang as "Team · Ops"
// while readiness had promised "loud ✓ (…; it rings through Work)" and the tray named the block "Work · Ops".
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { surfaces } from '../truth/support';

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Date.parse('2026-03-10T08:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type StartAlarm = 'at-start' | '5-min-before' | 'off';
interface Side {
  muted?: boolean;
  startAlarm?: StartAlarm;
  allOff?: boolean;
}

/** My next Ops start after `nowMs`, from the seed's rotation (8 h blocks from 01:00Z: Bob, me, Alice). */
function myNextStart(nowMs: number): number {
  const rotationMs = Date.parse('2026-03-01T01:00:00Z');
  for (let k = Math.ceil((nowMs - rotationMs) / (8 * HOUR)); ; k++) if (k % 3 === 1) return rotationMs + k * 8 * HOUR;
}

const remindersOf = (s: Side) =>
  s.allOff
    ? {
        leadTimesMin: [],
        atStart: false,
        atEnd: false,
        coverageRequests: false,
        shiftChanges: false,
        startAlarm: 'off',
      }
    : s.startAlarm
      ? {
          leadTimesMin: [24 * 60, 15],
          atStart: true,
          atEnd: true,
          coverageRequests: true,
          shiftChanges: true,
          startAlarm: s.startAlarm,
        }
      : undefined;

async function world(work: Side, team: Side) {
  h = await createHarness({ startMs: NOW, seed: opsSeed });
  const hh = h;
  const account = (id: string, label: string, s: Side) => {
    const reminders = remindersOf(s);
    return {
      id,
      label,
      baseUrl: hh.sim.url,
      email: ME,
      ...(s.muted ? { muted: true } : {}),
      schedules: [{ id: OPS_ID, ...(reminders ? { reminders } : {}) }],
    };
  };
  await hh.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, accounts: [account('work', 'Work', work), account('team', 'Team', team)] }),
  );
  for (const id of ['work', 'team']) await hh.secrets.set(`${id}@${new URL(hh.sim.url).host}`, hh.sim.apiKey);
  const engine = hh.engine();
  await engine.start();
  await hh.clock.advance(MIN);
  return { h: hh, engine };
}

/** The docs' rule, said on its own: the first account neither muted nor paused speaks, by its own choice. */
function expected(work: Side, team: Side): { teller: string; mode: StartAlarm } | undefined {
  const [label, side] = !work.muted ? ['Work', work] : !team.muted ? ['Team', team] : [];
  if (!label || !side) return undefined;
  return { teller: label, mode: side.allOff ? 'off' : (side.startAlarm ?? 'at-start') };
}

describe.each<[string, Side, Side]>([
  ["Work's alarm off for Ops, Team's default", { startAlarm: 'off' }, {}],
  ["every reminder of Work's off for Ops, Team's default", { allOff: true }, {}],
  ["Work muted, Team's alarm off, Work's default", { muted: true }, { startAlarm: 'off' }],
  ["Work's alarm 5 min before, Team's default", { startAlarm: '5-min-before' }, {}],
  ["Team's alarm off, Work's default", {}, { startAlarm: 'off' }],
])('one service as two accounts, %s', (_name, work, team) => {
  it('rings (or not) as the account that speaks chose, named as readiness and the tray name it', async () => {
    const { h, engine } = await world(work, team);
    const want = expected(work, team);
    const startMs = myNextStart(NOW);
    await h.clock.advanceTo(startMs - 10 * MIN);
    const promise = surfaces(engine.getState(), h.clock.now())
      .status.split('\n')
      .find((l) => /Shift-start alarm/.test(l));
    await h.clock.advanceTo(startMs + 2 * MIN);
    const rang = h.notifier.shown.filter((n) => n.alarm === true);
    const tooltip = surfaces(engine.getState(), h.clock.now()).tooltip;
    if (!want || want.mode === 'off') {
      expect(promise).toContain('Shift-start alarm: off for this schedule.');
      expect(promise).not.toMatch(/loud|rings through/);
      expect(rang).toEqual([]);
      expect(engine.getState().alarm).toBeNull();
      expect(tooltip).not.toMatch(/Shift-start alarm/);
    } else {
      expect(promise).toContain(`Shift-start alarm: loud ✓ (`);
      expect(promise).toContain(`it rings through ${want.teller}).`);
      const atMs = want.mode === '5-min-before' ? startMs - 5 * MIN : startMs;
      expect(rang.map((n) => [n.title.split(' — ')[1], n.atMs])).toEqual([[`${want.teller} · Ops`, atMs]]);
      expect(engine.getState().alarm?.accountName).toBe(want.teller);
      expect(tooltip).toMatch(new RegExp(`Shift-start alarm \\(${want.teller} · Ops`));
    }
    // The start's plain "On call now" comes only where no alarm rings at the start as its notice, through the account
    // that speaks, once.
    const plain = h.notifier.shown.filter((n) => n.alarm !== true && /On call now/.test(n.title));
    const startNotice = want && want.mode !== 'at-start' && !(want.teller === 'Work' ? work : team).allOff;
    expect(plain.map((n) => n.title)).toEqual(startNotice ? [`${want.teller} · On call now`] : []);
  }, 60_000);
});
