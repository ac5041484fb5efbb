// First-run setup's state (OnboardingSteps) with a fake main: a step is left only once saved, the key is stored
// only after the address, and the last step ends in the status view.
import { describe, expect, it } from 'vitest';
import { fakeBridge } from './support/fake-bridge';
import { loadRunes, rendererFile } from './support/runes';
import { appState, mainSettings } from './support/state';

const runes = await loadRunes<typeof import('../../renderer/src/lib/onboarding-steps.svelte')>(
  rendererFile('lib/onboarding-steps.svelte.ts'),
);

const firstRun = appState({
  setup: { hasKey: false, keyStorage: 'keychain', demo: false },
  settings: mainSettings({ baseUrl: '', email: '', schedules: [] }),
});

function make(bridge = fakeBridge({})) {
  let finished = 0;
  const { value } = runes.inRoot(
    () => new runes.subject.OnboardingSteps(() => firstRun, { invoke: bridge.invoke, finished: () => (finished += 1) }),
  );
  return { steps: value, bridge, finished: () => finished };
}

describe('first-run setup', () => {
  it('asks for the key first, and keeps it until the address is saved', async () => {
    const bridge = fakeBridge({
      'settings:update': () => ({ ok: true, value: firstRun.settings }),
      'key:set': () => ({ ok: true, value: { storage: 'memory' as const } }),
    });
    const { steps } = make(bridge);
    await steps.next();
    expect([steps.step, steps.error]).toEqual([0, 'Paste your API key to continue.']);
    steps.key = ' secret ';
    await steps.next();
    expect([steps.step, bridge.calls]).toEqual([1, []]);
    steps.baseUrl = 'https://oncall.example.com';
    await steps.next();
    expect(bridge.calls.map((c) => c.channel)).toEqual(['settings:update', 'key:set']);
    expect(bridge.sent('key:set')).toEqual([{ accountId: 'main', key: 'secret' }]);
    expect([steps.step, steps.key, steps.note]).toEqual([
      2,
      '',
      'Your key is kept in memory for this session only (no keychain available).',
    ]);
  });

  it("stays on a step the service refused, with the service's words, and a step opened again starts clean", async () => {
    const bridge = fakeBridge({
      'settings:update': () => ({ ok: false, error: { kind: 'validation', message: 'No.', problems: [] } }),
    });
    const { steps } = make(bridge);
    steps.goTo(2);
    await steps.next();
    expect(steps.error).toBe('Add at least one schedule to watch.');
    steps.schedules = [{ id: 'sch_platform' }];
    await steps.next();
    expect([steps.step, steps.error]).toEqual([2, 'No.']);
    steps.goTo(1);
    expect(steps.error).toBe('');
  });

  it('the last step saves my e-mail and ends in the status view', async () => {
    const bridge = fakeBridge({ 'settings:update': () => ({ ok: true, value: firstRun.settings }) });
    const { steps, finished } = make(bridge);
    steps.goTo(3);
    expect(steps.last).toBe(true);
    steps.query = 'nobody';
    await steps.next();
    expect([steps.error, finished()]).toEqual(['Pick yourself from the list, or type your full e-mail address.', 0]);
    steps.query = 'me@example.com';
    await steps.next();
    expect([bridge.sent('settings:update'), finished()]).toEqual([
      [{ account: { id: 'main', email: 'me@example.com' } }],
      1,
    ]);
  });
});
