// Adversarial round (issue 47): the schedule starts failing (HTTP 500) three hours before my shift and nothing else
// changes. The same "Not ready for your shift at 10:00 — Ops shows saved data" warning came at the day-ahead check
// and again at the 1 h check: nothing is told twice, and a warning is told again only when the problem changes.
import { expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { opsSeed, OPS_ID, ME } from '../support/seeds';

it('an unchanged readiness warning is told once, not again at the next check', async () => {
  const START = Date.parse('2026-03-04T06:00:00Z');
  const h = await createHarness({ startMs: START, seed: opsSeed });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const e = h.engine();
  await e.start();
  await h.clock.advance(5000);
  h.sim.faults.set('*', { status: 500 });
  await h.clock.advanceTo(Date.parse('2026-03-04T08:59:00Z'));
  const texts = h.notifier.shown.map((n) => `${n.title}\n${n.body}`);
  const warnings = texts.filter((t) => t.startsWith('Not ready'));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(/Ops shows saved data/);
  expect(new Set(texts).size).toBe(texts.length);
}, 30_000);
