// A data folder that turns read-only while the shift-start alarm rings (adv52 round 5, finding 4): "I'm on it" takes
// effect (the alarm stops) and says so truly — acknowledged, but not saved, so it may ring again after a restart —
// never "Something went wrong" (failed before). Snooze and "Can't — find cover" likewise (adv52 r16 #2: they
// answered "Something went wrong", cover never opened, and a rejection was left unhandled; failed before). A
// settings change refused for the same folder changes nothing, and the folder's notice says just that, not
// "changes to your settings last only until the app closes" (failed before).
import { afterEach, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { ACK_UNSAVED, SNOOZE_UNSAVED } from '../../../electron/core/engine/alarms';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The harness's folder, whose writes fail (EROFS) while `readOnly` is set. */
function switchable(inner: FileStore) {
  const state = { readOnly: false };
  const refuse = () => Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }));
  const files: FileStore = {
    location: '/home/me/.config/OnCall Tray',
    read: (n) => inner.read(n),
    backup: (n) => (state.readOnly ? refuse() : inner.backup(n)),
    writeAtomic: (n, t) => (state.readOnly ? refuse() : inner.writeAtomic(n, t)),
    remove: (n) => (state.readOnly ? refuse() : inner.remove(n)),
  };
  return { files, state };
}

it('acknowledging on a read-only folder answers done, with why it may ring again; a refused settings change is said as refused', async () => {
  h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const folder = switchable(h.files);
  const engine = h.engine({ files: folder.files });
  await engine.start();
  await h.clock.advanceTo(MY_START + MIN);
  const key = engine.getState().alarm?.key;
  expect(engine.getState().alarm?.ringing).toBe(true);

  folder.state.readOnly = true;
  const ack = await h.clock.runWhileAdvancing(engine.alarmIntent({ kind: 'ack', key: key ?? '' }));
  expect(ack).toEqual({ ok: true, message: ACK_UNSAVED });
  expect(ACK_UNSAVED).toBe("Acknowledged — but it couldn't be saved: it may ring again after a restart.");
  expect(engine.getState().alarm?.ringing).toBe(false);
  expect(engine.getState().alarm?.ackedAt).toBe(new Date(MY_START + MIN).toISOString());

  const update = await h.clock.runWhileAdvancing(engine.handlers['settings:update']({ theme: 'dark' }));
  expect(update.ok).toBe(false);
  expect(engine.getState().settings.theme).toBe('system');
  const notices = engine.getState().notices.map((n) => n.message);
  expect(notices.join(' ')).not.toContain('last only until the app closes');
  expect(notices).toEqual([
    "Can't save to /home/me/.config/OnCall Tray (the disk is read-only): a change to your settings can't be saved, " +
      'so none is made; a shift-start alarm may ring again after a restart, or an acknowledgement be missed.',
  ]);
  await engine.stop();
});

/** Rejections nobody handled while `run` ran (each one ends plain Node; Electron main only logs it). */
async function unhandledDuring(run: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const note = (e: unknown) => void seen.push(e);
  process.on('unhandledRejection', note);
  try {
    await run();
    // Let a rejection left unhandled by the last turn be reported.
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('unhandledRejection', note);
  }
  return seen;
}

it.each(['snooze', 'find-cover'] as const)(
  '%s on a read-only folder while the alarm rings takes effect and says it was not saved; nothing rejects unhandled (adv52 r16 #2)',
  async (kind) => {
    h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const folder = switchable(h.files);
    const opened: { view: string; params?: Record<string, string> }[] = [];
    const engine = h.engine({
      files: folder.files,
      openView: (view, params) => void opened.push({ view, ...(params ? { params } : {}) }),
    });
    await engine.start();
    await h.clock.advanceTo(MY_START + MIN);
    const key = engine.getState().alarm?.key ?? '';
    expect(engine.getState().alarm?.ringing).toBe(true);
    folder.state.readOnly = true;
    const harness = h;
    const unhandled = await unhandledDuring(async () => {
      const answer = await harness.clock.runWhileAdvancing(engine.alarmIntent({ kind, key }));
      expect(answer).toEqual({ ok: true, message: SNOOZE_UNSAVED });
      await harness.clock.runWhileAdvancing(engine.alarmsSettled());
      // Snoozed in this run: quiet for 5 min, then it rings again (once).
      const rang = () => harness.notifier.shown.filter((n) => n.alarm === true).length;
      expect(rang()).toBe(1);
      await harness.clock.advanceTo(MY_START + 6 * MIN - 1_000);
      expect(rang()).toBe(1);
      await harness.clock.advanceTo(MY_START + 6 * MIN + 1_000);
      expect(rang()).toBe(2);
      await harness.clock.runWhileAdvancing(engine.alarmsSettled());
    });
    expect(unhandled).toEqual([]);
    expect(opened).toEqual(
      kind === 'find-cover'
        ? [
            {
              view: 'swap',
              params: { scheduleId: OPS_ID, start: '2026-03-10T09:00:00.000Z', end: '2026-03-10T17:00:00.000Z' },
            },
          ]
        : [],
    );
    expect(
      engine
        .getState()
        .notices.map((n) => n.message)
        .join(' '),
    ).toContain('the disk is read-only');
    await engine.stop();
  },
);
