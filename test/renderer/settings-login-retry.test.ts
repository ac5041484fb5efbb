// Issue 49 (known item): Settings' Save with Start at login still checked, after the OS refused it, is answered in
// the form as what the OS then said: still not on with its reason, then "now on" once it took it. The form talks to
// the real engine (its settings:update), whose login item is macOS's, waiting for approval until approved.
import { describe, expect, it } from 'vitest';
import { loginItemPort } from '../../electron/adapters/autostart';
import { loginItemProblem } from '../../electron/core/platform/autostart';
import { createHarness, seedSettings } from '../core/support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../core/support/seeds';
import { MY_START } from '../core/support/phone-engine-rig';
import { fakeBridge } from './support/fake-bridge';
import { loadRunes, rendererFile } from './support/runes';

const runes = await loadRunes<typeof import('../../renderer/src/lib/settings-edit.svelte')>(
  rendererFile('lib/settings-edit.svelte.ts'),
);

describe('Settings: Save with Start at login checked after the OS refused it', () => {
  it('says still not on with the OS words, then now on once the OS took it', async () => {
    const h = await createHarness({ startMs: MY_START - 3 * 3_600_000, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID], startAtLogin: true });
    let approved = false;
    const read = () => ({ openAtLogin: true, status: approved ? 'enabled' : 'requires-approval' });
    const port = loginItemPort(
      {
        platform: 'darwin',
        setLoginItemSettings: () => undefined,
        getLoginItemSettings: read,
        env: {},
        execPath: '/x',
      },
      () => undefined,
      () => undefined,
    );
    const engine = h.engine({ loginItem: port });
    await engine.start();
    await h.clock.advance(5000);
    engine.loginProblem(await port.set(true));
    const model = runes.box(engine.getState());
    engine.subscribe((s) => (model.value = s));
    const bridge = fakeBridge({
      'settings:update': (r) => engine.handlers['settings:update'](r),
      'shortcut:status': () => ({ ok: true, value: { problem: null } }),
    });
    const clock = { nowMs: h.clock.now(), locale: 'en-GB' };
    const { value: edit } = runes.inRoot(
      () => new runes.subject.SettingsEdit(() => model.value, { invoke: bridge.invoke, clock }),
    );
    await edit.checkShortcut();
    expect(edit.values.startAtLogin).toBe(true);

    expect(await edit.save()).toBe('answered');
    const waiting = loginItemProblem(true, { openAtLogin: true, status: 'requires-approval' });
    expect(edit.answer).toEqual({
      ok: false,
      text: `Settings saved. Start at login, asked of the system again, is still not on: ${waiting}`,
    });

    approved = true;
    expect(await edit.save()).toBe('answered');
    expect(edit.answer).toEqual({ ok: true, text: 'Settings saved. Start at login is now on.' });
    // Asked nothing more, it is a plain save.
    expect(await edit.save()).toBe('answered');
    expect(edit.answer).toEqual({ ok: true, text: 'Settings saved.' });
  }, 30_000);
});
