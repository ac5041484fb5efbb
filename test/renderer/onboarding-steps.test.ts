// First-run setup's state (OnboardingSteps) with a fake main: a step is left only once saved, the key is stored
// only after the address, and the last step ends in the status view.
import { describe, expect, it } from 'vitest';
import { fakeBridge } from './support/fake-bridge';
import { loadRunes, rendererFile } from './support/runes';
import { appState, mainSettings } from './support/state';
import { needsSetup } from '../support/sync-status';

const runes = await loadRunes<typeof import('../../renderer/src/lib/onboarding-steps.svelte')>(
  rendererFile('lib/onboarding-steps.svelte.ts'),
);

const needsKey = needsSetup('Add your API key to start');
const firstRun = appState({
  setup: { hasKey: false, keyStorage: 'keychain', demo: false },
  settings: mainSettings({ baseUrl: '', email: '', schedules: [] }),
  accounts: appState().accounts.map((a) => ({ ...a, hasKey: false, keyStorage: 'none' as const, sync: needsKey })),
});

/** Work set up and read; Acme added without a key (the tray offers "Set up Acme…"). */
function workAndAcme() {
  const base = appState();
  const [work] = base.accounts;
  const [workSettings] = base.settings.accounts;
  const acme = {
    id: 'acme',
    label: 'Acme',
    baseUrl: 'https://acme.example/api',
    email: '',
    schedules: [{ id: 'sch_platform' }],
  };
  return appState({
    settings: { ...base.settings, accounts: [{ ...workSettings!, label: 'Work' }, acme] },
    accounts: [
      { ...work!, label: 'Work' },
      {
        ...work!,
        id: 'acme',
        label: 'Acme',
        address: acme.baseUrl,
        email: '',
        hasKey: false,
        keyStorage: 'none',
        sync: needsKey,
      },
    ],
  });
}

function make(bridge = fakeBridge({}), model = firstRun, accountId?: string) {
  let finished = 0;
  const { value } = runes.inRoot(
    () =>
      new runes.subject.OnboardingSteps(() => model, {
        invoke: bridge.invoke,
        finished: () => (finished += 1),
        accountId,
      }),
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
    // Start at login, asked on a fresh install and on by default, is turned on with it (issue 49): no readiness
    // warning about it on a new install.
    expect(steps.asksStartAtLogin).toBe(true);
    expect([bridge.sent('settings:update'), finished()]).toEqual([
      [{ account: { id: 'main', email: 'me@example.com' } }, { startAtLogin: true }],
      1,
    ]);
  });

  it('leaves Start at login off when it is unticked, and does not ask when it is already on', async () => {
    const bridge = fakeBridge({ 'settings:update': () => ({ ok: true, value: firstRun.settings }) });
    const { steps } = make(bridge);
    steps.goTo(3);
    steps.startAtLogin = false;
    steps.query = 'me@example.com';
    await steps.next();
    expect(bridge.sent('settings:update')).toEqual([{ account: { id: 'main', email: 'me@example.com' } }]);
    const on = appState({ settings: { ...firstRun.settings, startAtLogin: true } });
    expect(make(fakeBridge({}), on).steps.asksStartAtLogin).toBe(false);
  });

  it('sets up the account that needs it: the key pasted is stored for Acme, never for Work', async () => {
    for (const asked of ['acme', undefined]) {
      const bridge = fakeBridge({
        'settings:update': () => ({ ok: true, value: workAndAcme().settings }),
        'key:set': () => ({ ok: true, value: { storage: 'keychain' as const } }),
      });
      const { steps } = make(bridge, workAndAcme(), asked);
      expect([steps.accountId, steps.accountLabel, steps.baseUrl]).toEqual([
        'acme',
        'Acme',
        'https://acme.example/api',
      ]);
      await steps.next();
      expect(steps.error).toBe('Paste your API key to continue.');
      steps.key = 'ocs_acme_key';
      await steps.next();
      await steps.next();
      expect(bridge.sent('settings:update')).toEqual([
        { account: { id: 'acme', baseUrl: 'https://acme.example/api' } },
      ]);
      expect(bridge.sent('key:set')).toEqual([{ accountId: 'acme', key: 'ocs_acme_key' }]);
    }
  });

  it('asked for an account that is no longer listed, it says so and stores nothing on another account', async () => {
    const bridge = fakeBridge({
      'settings:update': () => ({ ok: true, value: workAndAcme().settings }),
      'key:set': () => ({ ok: true, value: { storage: 'keychain' as const } }),
    });
    const { steps } = make(bridge, workAndAcme(), 'gone');
    expect(steps.accountId).toBeUndefined();
    expect(steps.error).toBe(runes.subject.NO_ACCOUNT);
    steps.key = 'ocs_gone_key';
    await steps.next();
    steps.baseUrl = 'https://gone.example/api';
    await steps.next();
    expect(steps.error).toBe(runes.subject.NO_ACCOUNT);
    expect(bridge.calls).toEqual([]);
  });

  it('with several accounts set up and none asked for, it sets up none of them', () => {
    const base = workAndAcme();
    const ready = {
      ...base,
      accounts: base.accounts.map((a) => ({ ...a, hasKey: true, sync: { kind: 'ok' as const } })),
    };
    const { steps } = make(fakeBridge({}), ready);
    expect([steps.accountId, steps.error]).toEqual([undefined, runes.subject.NO_ACCOUNT]);
  });
});

describe('a key the service refused (issue 49, round 3 F6)', () => {
  it('marks the key step, never "stored" in green, until a new key is stored', async () => {
    const refused = { kind: 'key_rejected' as const, message: 'The service rejected the API key.' };
    const model = appState({
      settings: mainSettings({ baseUrl: 'https://oncall.example.com', email: '', schedules: [] }),
      accounts: appState().accounts.map((a) => ({ ...a, sync: refused })),
    });
    const { steps } = make(fakeBridge({}), model);
    expect(steps.keyRefused).toBe(true);
    const { steps: fine } = make(fakeBridge({}), firstRun);
    expect(fine.keyRefused).toBe(false);
    // A schedule check answered "key not accepted" is the key's problem too, until a new key is stored.
    fine.refusedSeen = true;
    expect(fine.keyRefused).toBe(true);
  });
});
