// A service's name, address, e-mail, key and schedules are checked by main alone (issue 49: the renderer holds no
// second copy of these rules): "Add another service", Settings' save and onboarding's address step send what was
// typed to the engine's real handlers, and each problem comes back in the form's words on its own field, with
// nothing saved and the input kept.
import { describe, expect, it } from 'vitest';
import { accountAdd } from '../../electron/core/engine/account-add';
import { createSettingsHolder } from '../../electron/core/engine/settings';
import type { InvokeChannel, RequestOf, ResponseOf } from '../../electron/shared/ipc-contract';
import { FIELD_LIMITS } from '../../electron/shared/limits';
import type { AppState } from '../../electron/shared/view-state';
import { MemorySecrets } from '../core/support/engine-harness';
import { MemoryFileStore } from '../core/support/memory-file-store';
import { loadRunes, rendererFile } from './support/runes';
import { appState, mainSettings } from './support/state';

const addRunes = await loadRunes<typeof import('../../renderer/src/lib/account-add.svelte')>(
  rendererFile('lib/account-add.svelte.ts'),
);
const editRunes = await loadRunes<typeof import('../../renderer/src/lib/settings-edit.svelte')>(
  rendererFile('lib/settings-edit.svelte.ts'),
);
const stepRunes = await loadRunes<typeof import('../../renderer/src/lib/onboarding-steps.svelte')>(
  rendererFile('lib/onboarding-steps.svelte.ts'),
);

/** Main behind the bridge: the engine's real settings holder and "Add another service" handler; every call kept. */
function main(state: AppState) {
  const holder = createSettingsHolder({
    initial: state.settings,
    files: new MemoryFileStore(),
    persist: false,
    changed: () => undefined,
  });
  const secrets = new MemorySecrets();
  const add = accountAdd({ settings: () => holder, secrets });
  const sent: { channel: InvokeChannel; request: unknown }[] = [];
  async function invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  async function invoke(channel: InvokeChannel, request: unknown): Promise<unknown> {
    sent.push({ channel, request });
    if (channel === 'shortcut:status') return { ok: true, value: { problem: null } };
    if (channel === 'account:add') return add(request as RequestOf<'account:add'>);
    if (channel === 'settings:update') return holder.update(request as RequestOf<'settings:update'>);
    return { ok: false, error: { kind: 'bridge', message: `not in this test: ${channel}` } };
  }
  return { holder, secrets, sent, invoke };
}

const typed = { label: 'Acme', baseUrl: 'https://acme.example/api', key: 'ocs_acme', email: '', schedules: 'sch_a' };

describe("add another service: main's checks, in the form's words", () => {
  const cases: [string, Partial<typeof typed>, Record<string, string>][] = [
    [
      'a blank form',
      { label: '', baseUrl: '', key: '', schedules: '' },
      {
        label: 'Name this service, e.g. Work or Acme.',
        baseUrl: 'Enter the service address, e.g. https://oncall.example.com/api.',
        key: 'Paste the API key for this service.',
        schedules: 'Add at least one schedule id or link (sch_…).',
      },
    ],
    [
      'a taken name, plain http, a half e-mail, an entry without an id',
      { label: 'main', baseUrl: 'http://acme.example', email: 'me@', schedules: 'sch_a teams/1' },
      {
        label: 'You already have a service named main.',
        baseUrl: 'The address must use https:// (plain http:// is only allowed for localhost).',
        email: 'This must be an e-mail address.',
        schedules: 'No schedule id in “teams/1”: ids start with sch_.',
      },
    ],
    [
      'a schedule id longer than an id may be',
      { schedules: `sch_a https://acme.example/schedules/sch_${'x'.repeat(FIELD_LIMITS.id)}` },
      {
        schedules: `The schedule id in “https://acme.example/schedules/sch_xxxx…” is too long: at most ${FIELD_LIMITS.id} characters. Check what was pasted.`,
      },
    ],
  ];
  for (const [name, change, errors] of cases)
    it(`${name}: refused by main, each on its field, nothing saved, the input kept`, async () => {
      const state = appState({ settings: mainSettings({ label: 'Main' }) });
      const bridge = main(state);
      const { value: add } = addRunes.inRoot(
        () => new addRunes.subject.AddAccount(() => state, { invoke: bridge.invoke }),
      );
      Object.assign(add.values, typed, change);
      const before = JSON.stringify(add.values);
      expect(await add.submit()).toBe('failed');
      expect(bridge.sent.map((s) => s.channel)).toEqual(['account:add']);
      expect(add.errors).toEqual(errors);
      expect(bridge.holder.stored()).toBe(state.settings);
      expect(bridge.secrets.entries.size).toBe(0);
      expect(JSON.stringify(add.values)).toBe(before);
    });
});

describe("settings and onboarding: main's checks of a service, in the form's words", () => {
  it("Settings: a renamed service taking another's name, a new address over plain http, a half e-mail", async () => {
    const base = appState();
    const [work] = base.settings.accounts;
    const acme = { ...work!, id: 'acme', label: 'Acme', baseUrl: 'https://acme.example/api' };
    const state = appState({ settings: { ...base.settings, accounts: [{ ...work!, label: 'Work' }, acme] } });
    const bridge = main(state);
    const clock = { nowMs: Date.parse('2026-05-04T08:00:00Z'), locale: 'en-GB' };
    const { value: edit } = editRunes.inRoot(
      () => new editRunes.subject.SettingsEdit(() => state, { invoke: bridge.invoke, clock }),
    );
    const [first, second] = edit.values.accounts;
    Object.assign(second!, { label: ' work ', baseUrl: 'http://acme.example/api', email: 'me@' });
    expect(first?.id).toBe('main');
    expect(await edit.save()).toBe('invalid');
    expect(bridge.sent.filter((s) => s.channel === 'settings:update')).toHaveLength(1);
    expect(edit.errors).toEqual({
      'account:acme.label': 'You already have a service named work.',
      'account:acme.baseUrl': 'The address must use https:// (plain http:// is only allowed for localhost).',
      'account:acme.email': 'This must be an e-mail address.',
    });
    expect(bridge.holder.stored()).toBe(state.settings);
    expect(edit.values.accounts[1]?.email).toBe('me@');
  });

  it('onboarding: an address that is not one stays on its step, in the same words, nothing saved', async () => {
    const state = appState({ settings: mainSettings({ baseUrl: '', email: '', schedules: [] }) });
    const bridge = main(state);
    const { value: steps } = stepRunes.inRoot(
      () => new stepRunes.subject.OnboardingSteps(() => state, { invoke: bridge.invoke, finished: () => undefined }),
    );
    steps.goTo(1);
    for (const [address, error] of [
      ['', 'The address is not a valid URL.'],
      ['http://oncall.example.com', 'The address must use https:// (plain http:// is only allowed for localhost).'],
    ]) {
      steps.baseUrl = address!;
      await steps.next();
      expect([steps.step, steps.error, steps.baseUrl]).toEqual([1, error, address]);
    }
    expect(bridge.sent.map((s) => s.channel)).toEqual(['settings:update', 'settings:update']);
    expect(bridge.holder.stored()).toBe(state.settings);
  });
});
