// adv49 r36 #1, #2: while start-up waits on the keychain (a locked keyring's password prompt can wait minutes), the
// tray and the popover never say "off call" or "add your API key" to a user whose settings name an account. The real
// engine (simulator, fake clock) drives the real tray controller as main.ts wires it; the popover is its prerender of
// the state 'state:get' answers then. A fresh install (no account) still asks for the key.
import type { MenuItemConstructorOptions } from 'electron';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPopover, popover } from '../support/popover-text';
import { ok } from '../../../electron/api/errors';
import { createTrayController, type TrayLike } from '../../../electron/adapters/tray';
import { platformTraits } from '../../../electron/core/platform/desktop-platform';
import { createHarness, seedSettings, MemorySecrets } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

// 10:30 UTC: me@example.com is on call on Ops 09:00–17:00 UTC.
const START = Date.parse('2026-03-10T10:30:00Z');
const ZONE = 'Europe/Berlin';
const PLATFORM = 'linux';

/** A keychain whose every read waits until released (its password prompt open). */
class WaitingSecrets extends MemorySecrets {
  release: (() => void) | undefined;
  private gate = new Promise<void>((r) => (this.release = r));
  override async get(account: string) {
    await this.gate;
    return ok(this.entries.get(account));
  }
}

function recordingTray() {
  const shown = { image: '', tooltip: '', pushes: 0 };
  const tray: TrayLike<MenuItemConstructorOptions[]> = {
    setImage: (p) => void (shown.image = p),
    setToolTip: (t) => void (shown.tooltip = t),
    setContextMenu: () => undefined,
    popUpContextMenu: () => undefined,
    on: () => undefined,
    destroy: () => undefined,
  };
  return { shown, tray };
}

beforeAll(loadPopover, 180_000);

describe('start-up while the keychain waits', () => {
  // The platform's own table names the 'off' icon's file: the plain bell that says "off call".
  const offFile = platformTraits(PLATFORM).trayIconFile('off');

  for (const setUp of [true, false]) {
    it(`${setUp ? 'set up, on call now' : 'fresh install'}: 2 min into a keychain prompt`, async () => {
      const h = await createHarness({ startMs: START, seed: opsSeed });
      if (setUp) await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
      const secrets = new WaitingSecrets();
      for (const [k, v] of h.secrets.entries) secrets.entries.set(k, v);
      const e = h.engine({ localZone: () => ZONE, secrets });
      const { shown, tray } = recordingTray();
      const controller = createTrayController({
        tray,
        buildMenu: (t) => t,
        iconPath: (i) => platformTraits(PLATFORM).trayIconFile(i),
        clock: h.clock,
        localZone: () => ZONE,
        platform: PLATFORM,
        onAction: () => undefined,
        onClick: () => undefined,
      });
      e.subscribe((s) => (shown.pushes++, controller.update(s)));
      const run = e.start();
      await h.clock.advance(120_000);
      const mid = e.getState();
      const clicked = popover(mid, h.clock.now(), ZONE).all.replace(/\s+/g, ' ');
      const during = { ...shown };
      secrets.release?.();
      await h.clock.runWhileAdvancing(run);
      await e.stop();
      controller.dispose();

      expect(during.image, 'no "off call" icon before anything was read').not.toBe(offFile);
      expect(during.tooltip, 'the tray says something while it waits').not.toBe('');
      if (setUp) {
        expect(mid.sync.kind, 'the stored key is not asked for again').not.toBe('needs_setup');
        expect(clicked).not.toContain('Add your API key');
        expect(during.pushes, 'the starting state is pushed at once, not after the keychain').toBeGreaterThan(0);
        expect(during.tooltip.toLowerCase()).toContain('keychain');
      } else {
        // No account in the settings: nothing to read from the keychain, so the app asks for a key as before.
        expect(mid.sync.kind).toBe('needs_setup');
        expect(clicked).toContain('Add your API key');
      }
      console.log(JSON.stringify({ setUp, during, sync: mid.sync, clicked: clicked.slice(0, 200) }));
    }, 120_000);
  }
});
