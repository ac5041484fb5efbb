// The override form's Create is held to the preview's people at EACH instant of the window, not only to whom it
// replaces (adv48 round 31 #2). Berlin schedule, window Thu 08:00Z – Sat 20:00Z: my Thursday, Alice's Friday, my
// Saturday; Bob covers. A manager then gives Alice part of my Thursday (or me part of her Friday): the set replaced
// stays {me, Alice}, yet Bob over the whole window would take Alice off hours the preview never showed her on.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const WINDOW = { start: '2026-03-26T08:00:00.000Z', end: '2026-03-28T20:00:00.000Z' };
/** Local hours as the user reads them (the harness's zone), computed apart from the app's formatting. */
const hm = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

const CHANGES = [
  {
    label: 'Alice now holds Thu 12-16Z, part of my block',
    s: '2026-03-26T12:00:00Z',
    e: '2026-03-26T16:00:00Z',
    u: 'usr_alice',
    who: 'Alice Doe now covers',
  },
  {
    label: 'I now hold Fri 12-16Z, part of Alice’s day',
    s: '2026-03-27T12:00:00Z',
    e: '2026-03-27T16:00:00Z',
    u: 'usr_me',
    who: 'you are now on call',
  },
] as const;

async function world(change: (typeof CHANGES)[number] | undefined, refreshBetween: boolean) {
  const h = await createHarness({ startMs: START, seed: threeZoneSeed() });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  const form = {
    scheduleId: 'sch_berlin',
    window: { kind: 'custom' as const, ...WINDOW },
    emails: ['bob@example.com'],
  };
  const preview = await h.clock.runWhileAdvancing(engine.handlers['override:preview'](form));
  if (!preview.ok) throw new Error(preview.error.message);
  const p = preview.value;
  expect(p.replaces.map((x) => x.email).sort()).toEqual(['alice@example.com', ME].sort());
  if (change)
    h.sim.state.addOverride(
      'sch_berlin',
      { startMs: Date.parse(change.s), endMs: Date.parse(change.e), userIds: [change.u] },
      h.clock.now(),
    );
  await h.clock.advance(2_000);
  // The app's own refresh may read the change before Create: the preview the user saw is what counts.
  if (refreshBetween) await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
  // As the renderer sends it (override-write.svelte.ts): whom it replaces and the window and people it showed.
  const request = {
    ...form,
    replaces: p.replaces.map((x) => x.email),
    previewed: { start: p.start, end: p.end, ...(p.held ? { held: p.held } : {}) },
  };
  const made = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
  const posts = h.sim.requests.all().filter((r) => r.method === 'POST').length;
  return { made, posts };
}

describe('override form: Create holds the preview to who is on call at each instant', () => {
  for (const change of CHANGES)
    for (const refreshBetween of [false, true])
      it(
        `${change.label}${refreshBetween ? ', the app refreshed before Create' : ''}: nothing sent, the change said`,
        { timeout: 60_000 },
        async () => {
          const { made, posts } = await world(change, refreshBetween);
          expect(posts).toBe(0);
          expect(made.ok).toBe(false);
          const message = made.ok ? '' : made.error.message;
          expect(message).toContain('Changed since the preview: ');
          expect(message).toContain(`${change.who} `);
          expect(message).toContain(hm(change.s));
          expect(message).toContain(hm(change.e));
          expect(message).toContain('Nothing was sent');
        },
      );

  it('with nothing changed since the preview, Create sends it once', { timeout: 60_000 }, async () => {
    const { made, posts } = await world(undefined, false);
    expect(made.ok && made.value.status).toBe('created');
    expect(posts).toBe(1);
  });
});
