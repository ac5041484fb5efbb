// Settings → Phone's save is checked by main alone (issue 49: the renderer keeps no second copy of the rules): a
// provider's key neither typed nor in the keychain is refused by the engine, named by its field in the form's words,
// and nothing is stored; with the keys in the keychain the same save goes through. Real engine, simulator, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_ACCOUNTS } from '../../../electron/core/escalation/types';
import { createHarness, seedSettings } from '../support/engine-harness';
import { closeStands, phoneRig } from '../support/phone-engine-rig';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

afterEach(closeStands);

const START = Date.parse('2026-03-10T06:00:00Z');
const settings = { provider: 'pushover' as const, ntfyServer: 'https://ntfy.sh', afterMin: 3 };

describe("phone save: main's checks", () => {
  it('refuses a Pushover save with no user key, on its field; with the key kept, a save without it goes through', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(1_000);
    const refused = await engine.phoneIntent({ kind: 'save', settings, secrets: { pushoverApp: 'a'.repeat(30) } });
    expect(refused).toMatchObject({
      ok: false,
      problems: [{ field: 'pushoverUser', message: 'The user key is needed.' }],
    });
    expect(engine.getState().settings.escalation.provider).toBe('off');
    const typed = { pushoverApp: 'a'.repeat(30), pushoverUser: 'u'.repeat(30) };
    expect((await engine.phoneIntent({ kind: 'save', settings, secrets: typed })).ok).toBe(true);
    // The keys are in the keychain now: a save typing none keeps them, and is no problem.
    expect((await engine.phoneIntent({ kind: 'save', settings: { ...settings, afterMin: 5 } })).ok).toBe(true);
    expect(engine.getState().settings.escalation).toMatchObject({ provider: 'pushover', afterMin: 5 });
    await h.clock.runWhileAdvancing(engine.stop());
  });
});

/** ntfy's own rule for a topic (its server's topicRegex, `^/[-_A-Za-z0-9]{1,64}$`): anything else is a 404. */
const NTFY_TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

describe("phone save: an ntfy topic ntfy can't take", () => {
  it('a topic longer than 64 characters is refused and nothing is stored or booked; 64 goes through', async () => {
    const { h, s, engine } = await phoneRig();
    const save = (ntfyTopic: string) =>
      engine.phoneIntent({
        kind: 'save',
        settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
        secrets: { ntfyTopic },
      });
    for (const length of [70, 65]) {
      const topic = `oncall-${'abcdefghij'.repeat(7)}`.slice(0, length);
      expect(NTFY_TOPIC.test(topic)).toBe(false);
      expect(await save(topic)).toMatchObject({ ok: false });
      expect(h.secrets.entries.has(SECRET_ACCOUNTS.ntfyTopic)).toBe(false);
      expect(s.requests).toEqual([]);
    }
    const fits = `oncall-${'abcdefghij'.repeat(7)}`.slice(0, 64);
    expect(NTFY_TOPIC.test(fits)).toBe(true);
    expect(await save(fits)).toMatchObject({ ok: true });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(s.scheduled(fits).length).toBeGreaterThan(0);
    await h.clock.runWhileAdvancing(engine.stop());
  }, 60_000);
});
