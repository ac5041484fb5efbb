// Issue 48, adversarial round 4 #2: the override form's "Rest of current shift" after its preview aged. A manager
// made the shift grow or shrink and a background refresh ran: Create resolved the window anew and wrote one the
// preview never showed (over the manager's hours, or short of what was shown). Create is checked against the window
// the preview showed, not only its people: changed, it says so and nothing is sent. Pair world (Sat 10:00Z), in Berlin.
import { describe, expect, it } from 'vitest';
import { overridesOn, startPairWorld } from '../handoff/support/pair-world';
import { ME } from '../support/seeds';

const HOUR_MS = 3_600_000;

type Change = (end: number, replaced: string) => { startMs: number; endMs: number; userIds: string[] };

/** `refreshed`: whether the app's own refresh read the change before Create (round 5: the answer must not depend on it). */
async function aged(change: Change, refreshed = true) {
  const { h, engine } = await startPairWorld();
  // Now: Bob and me until Sun 08:00Z; Alice takes Bob's part (me kept), replacing Bob.
  const emails = ['alice@example.com', ME];
  const request = { scheduleId: 'sch_pair', window: { kind: 'rest_of_current' as const }, emails };
  const preview = await h.clock.runWhileAdvancing(engine.handlers['override:preview'](request));
  if (!preview.ok) throw new Error(preview.error.message);
  const { start, end, replaces } = preview.value;
  const replaced = replaces[0]?.email ?? '';
  expect(replaces).toHaveLength(1);
  const { startMs, endMs, userIds } = change(Date.parse(end), replaced.replace(/@.*/, ''));
  h.sim.state.addOverride('sch_pair', { startMs, endMs, userIds }, h.clock.now());
  if (refreshed) await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
  const made = await h.clock.runWhileAdvancing(
    engine.handlers['override:create']({
      ...request,
      replaces: replaces.map((p) => p.email),
      previewed: { start, end },
    }),
  );
  return { h, made, replaced };
}

describe('override form: Create of "rest of current shift" after the preview aged', () => {
  it('the shift grew (a manager added 4 h) and a refresh ran: nothing is sent, it says until when now', async () => {
    const { h, made } = await aged((end, who) => ({
      startMs: end,
      endMs: end + 4 * HOUR_MS,
      userIds: [`usr_${who}`, 'usr_me'],
    }));
    expect(!made.ok && made.error.message).toMatch(
      /^Changed since the preview: Bob Stone is now on call until Sun 13:00, not Sun 09:00\. Nothing was sent: look at the preview again/,
    );
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
    expect(overridesOn(h, 'sch_pair')).toHaveLength(1);
  }, 60_000);

  it('the shift shrank (a manager gave its last 6 h to Alice) and a refresh ran: nothing is sent', async () => {
    const { h, made } = await aged((end) => ({
      startMs: end - 6 * HOUR_MS,
      endMs: end,
      userIds: ['usr_alice', 'usr_me'],
    }));
    expect(!made.ok && made.error.message).toMatch(
      /^Changed since the preview: Bob Stone is now on call until Sun 03:00, not Sun 09:00\./,
    );
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  }, 60_000);
});

// Adversarial round 5 #2: with no refresh in between, Create resolved "the current shift" from the app's last read
// and wrote the old window over a grown shift. It reads where the shift ends from the service, as swap does.
describe('override form: the same, with no refresh between the change and Create', () => {
  it('the shift grew: nothing is sent, it says until when now', async () => {
    const grown: Change = (end, who) => ({ startMs: end, endMs: end + 4 * HOUR_MS, userIds: [`usr_${who}`, 'usr_me'] });
    const { h, made } = await aged(grown, false);
    expect(!made.ok && made.error.message).toMatch(
      /^Changed since the preview: Bob Stone is now on call until Sun 13:00, not Sun 09:00\. Nothing was sent/,
    );
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  }, 60_000);

  it('the shift shrank: nothing is sent', async () => {
    const shrunk: Change = (end) => ({ startMs: end - 6 * HOUR_MS, endMs: end, userIds: ['usr_alice', 'usr_me'] });
    const { h, made } = await aged(shrunk, false);
    expect(!made.ok && made.error.message).toMatch(/^Changed since the preview: .*Nothing was sent/);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  }, 60_000);

  it('unchanged: written once, the window the preview showed', async () => {
    const { h, made } = await aged(
      (end) => ({ startMs: end + 48 * HOUR_MS, endMs: end + 50 * HOUR_MS, userIds: ['usr_alice'] }),
      false,
    );
    expect(made.ok && made.value.status).toBe('created');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 60_000);
});
