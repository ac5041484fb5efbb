// A service's key status in Settings is its own: one that main hasn't listed yet (just added, or its state not
// pushed yet) reads as unknown, never as the first account's or the app's "stored in your keychain".
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accountIdOf } from '../../electron/shared/accounts';
import type { AppState } from '../../electron/shared/view-state';
import { accountValues } from '../../renderer/src/lib/settings-form';
import { renderToHtml } from './support/ssr';
import { accountView, appState } from './support/state';

const COMPONENT = fileURLToPath(new URL('../../renderer/src/components/AccountFields.svelte', import.meta.url));
const edit = { errors: {}, peopleOn: () => [], mutedOf: () => false, pauseOf: () => undefined };

const acme = {
  id: accountIdOf('acme'),
  label: 'Acme',
  baseUrl: 'https://acme.example.com',
  email: 'bob@acme.example.com',
  schedules: [],
};

/** Work (the first account, its key in the keychain) and Acme, saved in the settings. */
function model(acmeView: AppState['accounts']): AppState {
  const base = appState();
  return appState({
    settings: { ...base.settings, accounts: [...base.settings.accounts, acme] },
    accounts: [accountView(), ...acmeView],
  });
}

async function keyStatus(state: AppState): Promise<string> {
  const html = await renderToHtml(COMPONENT, {
    account: accountValues(acme),
    model: state,
    edit,
    several: true,
    suffix: '-acme',
  });
  return /data-testid="key-storage"[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
}

describe("a service's key status in Settings", () => {
  it('is unknown for a saved service main has not listed yet, not the first account’s keychain key', async () => {
    const text = await keyStatus(model([]));
    expect(text).not.toMatch(/stored in your keychain/);
    expect(text).toMatch(/Not known yet whether this service has a key/);
  });

  it('is its own when listed: no key there while the first account has one', async () => {
    const text = await keyStatus(
      model([accountView({ id: accountIdOf('acme'), label: 'Acme', hasKey: false, keyStorage: 'none' })]),
    );
    expect(text).toBe('No API key yet.');
  });

  it('is its own rejection, not the app-wide status', async () => {
    const rejected = accountView({
      id: accountIdOf('acme'),
      label: 'Acme',
      sync: { kind: 'key_rejected', message: 'Rejected.' },
    });
    const state = { ...model([rejected]), sync: { kind: 'ok' as const } };
    expect(await keyStatus(state)).toMatch(/rejected the stored key/);
    const okAcme = {
      ...model([accountView({ id: accountIdOf('acme'), label: 'Acme' })]),
      sync: { kind: 'key_rejected' as const, message: 'Rejected.' },
    };
    expect(await keyStatus(okAcme)).toBe('A key is stored in your keychain.');
  });
});
