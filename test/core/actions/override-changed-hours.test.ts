// The override form's and Cover…'s "Changed since …" after a manager's change between the preview and Create says
// who is on call now, with whom and when, as swap and I'm away do (plan-lines.ts, plan-words.ts): Bob put INSTEAD of
// Alice for six hours and Bob put BESIDE her for them read differently, each true with its hours (adv48 r41). The
// same after a first 503, pressing again: "the schedule changed since (…)" with the hours, never a bare name list.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-11-29T10:00:00Z');
const ASKED = { start: '2026-12-01T08:00:00Z', end: '2026-12-02T08:00:00Z' };
const H = 3_600_000;
// The manager's change: Tue 14:00–20:00 UTC (6 h into the asked day, for 6 h).
const CHANGE = { startMs: Date.parse(ASKED.start) + 6 * H, endMs: Date.parse(ASKED.start) + 12 * H };
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface Case {
  beside: boolean; // Bob beside Alice (else instead of her)
  cover: boolean; // Cover… on Alice's request (else the plain form)
  held: boolean; // the preview carried its stretches back with Create
  first503: boolean; // the first Create answered 503, the change made after it
}

async function said(c: Case): Promise<{ text: string; overrides: number }> {
  const seed = seedOf(
    [
      {
        id: 'sch_db',
        name: 'Database',
        zone: 'Etc/UTC',
        rotationStart: '2026-11-20T08:00:00Z',
        userIds: ['usr_me', 'usr_alice'],
        length: { amount: 1, unit: 'days' },
      },
    ],
    [{ id: 'cov_1', user_id: 'usr_alice', reason: 'Dentist', shifts: [{ ...ASKED, schedule_id: 'sch_db' }] }],
  );
  h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_db'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  const form = { scheduleId: 'sch_db', window: { kind: 'custom' as const, ...ASKED }, emails: [ME] };
  const pv = await h.clock.runWhileAdvancing(engine.handlers['override:preview'](form));
  if (!pv.ok) throw new Error(pv.error.message);
  const { start, end, held } = pv.value;
  const request = {
    ...form,
    replaces: pv.value.replaces.map((p) => p.email),
    previewed: { start, end, ...(c.held && held ? { held } : {}) },
    ...(c.cover ? { coverageRequestId: 'main:cov_1', coveredShift: ASKED } : {}),
  };
  if (c.first503) {
    h.sim.faults.set('createOverride', { status: 503, times: 1 });
    await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
  }
  const userIds = c.beside ? ['usr_alice', 'usr_bob'] : ['usr_bob'];
  h.sim.state.addOverride('sch_db', { ...CHANGE, userIds }, h.clock.now());
  await h.clock.advance(c.first503 ? 200_000 : 60_000);
  const res = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
  const overrides = h.sim.state.schedules.get('sch_db')?.overrides.length ?? -1;
  return {
    text: res.ok ? ('message' in res.value ? res.value.message : res.value.status) : res.error.message,
    overrides,
  };
}

/** What holds there now, from the world alone: Bob holds the hours alone, or is on call with Alice in them. */
function expected(beside: boolean): { who: string; utc: string } {
  const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
  const utc = `Tue ${hhmm(CHANGE.startMs)}–${hhmm(CHANGE.endMs)} UTC`;
  return { who: beside ? 'Bob Stone is now on call with Alice Doe' : 'Bob Stone now covers', utc };
}

describe('form / Cover…: a manager change between preview and Create is said with who, with whom, and when', () => {
  const cases: Case[] = [];
  for (const cover of [false, true])
    for (const beside of [false, true]) {
      cases.push({ cover, beside, held: false, first503: false }, { cover, beside, held: true, first503: false });
      cases.push({ cover, beside, held: true, first503: true });
    }
  for (const c of cases)
    it(`${c.cover ? 'Cover…' : 'form'}, Bob ${c.beside ? 'beside' : 'instead of'} Alice, ${c.held ? 'stretches shown' : 'no stretches'}${c.first503 ? ', after a 503' : ''}`, async () => {
      const { text, overrides } = await said(c);
      const want = expected(c.beside);
      expect(overrides).toBe(1); // only the manager's: nothing stale written
      expect(text).toContain(want.who);
      expect(text).toContain(want.utc);
      expect(text).not.toContain('Alice Doe and Bob Stone');
      expect(text).not.toContain('Alice Doe, Bob Stone');
    }, 60_000);
});
