// adv52 r24 #2: the data folder deleted or moved while the app runs. The notice gave no reason, the app never made
// the folder again (so "Retry once the folder can be written" never came true), and "a change to your settings can't
// be saved, so none is made" suggested the settings were safe though the app would quit with nothing on disk. Now the
// failing save says the folder no longer exists and what that costs (the settings are only in memory), the next save
// makes the folder again (private, as at first start), and the settings held in memory are saved into it.
import { existsSync } from 'node:fs';
import { readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { WRITE_NOTICE_ID } from '../../../electron/core/storage/write-watch';
import { oneService } from '../handoff/support/one-service';

const OnDiskSchema = z.object({ accounts: z.array(z.object({ email: z.string() })), startAtLogin: z.boolean() });
const START = Date.parse('2026-03-04T12:00:00Z');

let current: Awaited<ReturnType<typeof oneService>> | undefined;
/** Deleted as a file manager does: moved to the trash, then emptied (the app may be writing into it meanwhile). */
async function deleteFolder(dir: string): Promise<void> {
  await rename(dir, `${dir}-trash`);
  await rm(`${dir}-trash`, { recursive: true, force: true });
}

afterEach(async () => {
  await current?.close();
  current = undefined;
});

describe('the data folder gone while the app runs', () => {
  it.each(['deleted', 'moved'])(
    '%s: said as such, made again at the next save, the settings saved into it',
    async (how) => {
      current = await oneService(START, () => 'pass');
      const { harness, proxy } = current;
      const dir = harness.dir;
      const engine = harness.engine({
        client: { timeoutMs: 1_000 },
        files: createFsFileStore(dir, { now: () => harness.clock.now() }),
      });
      await engine.start();
      await harness.clock.advance(5_000);
      expect(engine.getState().settings.accounts).toHaveLength(1);
      // The start's own writes are real: they land before the folder goes, so the settings change is the first save.
      await new Promise((r) => setTimeout(r, 300));
      if (how === 'deleted') await deleteFolder(dir);
      else await rename(dir, `${dir}-moved`);

      // The first save after it: refused, and the notice says why and what is at stake.
      const refused = await engine.handlers['settings:update']({ startAtLogin: false });
      expect(refused.ok).toBe(false);
      const notice = engine.getState().notices.find((n) => n.id === WRITE_NOTICE_ID)?.message;
      expect(notice).toContain(`Can't save to ${dir} `);
      expect(notice).toContain('the data folder no longer exists');
      expect(notice).toContain('if the app is quit before then, they are lost at the next start');

      // The next save makes the folder again, private; the settings held in memory are saved into it.
      const saved = await engine.handlers['settings:update']({ startAtLogin: false });
      expect(saved.ok).toBe(true);
      expect(existsSync(dir)).toBe(true);
      expect((await stat(dir)).mode & 0o077).toBe(0);
      const onDisk = OnDiskSchema.parse(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')));
      expect([onDisk.accounts.map((a) => a.email), onDisk.startAtLogin]).toEqual([['alice@example.com'], false]);
      expect(engine.getState().notices.filter((n) => n.id === WRITE_NOTICE_ID)).toEqual([]);

      // I'm away records and sends again.
      const plan = await harness.clock.runWhileAdvancing(
        engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-08' } }),
      );
      if (!plan.ok) throw new Error(plan.error.message);
      const items = plan.value.rows.map((r) => ({ ...r, email: 'bob@example.com' }));
      const created = await harness.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
      if (!created.ok) throw new Error(created.error.message);
      expect(created.value.said?.summary).toBe(`${items.length} of ${items.length} handed off`);
      expect(proxy.posts).toHaveLength(items.length);
      await engine.stop();
      await rm(`${dir}-moved`, { recursive: true, force: true });
    },
  );

  it('a settings change never refused: the folder made again by another save gets the settings back', async () => {
    current = await oneService(START, () => 'pass');
    const { harness } = current;
    const dir = harness.dir;
    const engine = harness.engine({
      client: { timeoutMs: 1_000 },
      files: createFsFileStore(dir, { now: () => harness.clock.now() }),
    });
    await engine.start();
    await harness.clock.advance(5_000);
    await deleteFolder(dir);
    // The app's own saves (the schedule data, the reminders record) go on as it runs.
    await harness.clock.advance(15 * 60_000);
    // The writes themselves are real: a moment for the last of them to land.
    for (let i = 0; i < 100 && !existsSync(join(dir, 'settings.json')); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(join(dir, 'settings.json'))).toBe(true);
    const onDisk = OnDiskSchema.parse(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')));
    expect(onDisk.accounts.map((a) => a.email)).toEqual(['alice@example.com']);
    // The folder is back: nothing says it no longer exists.
    expect(engine.getState().notices.filter((n) => n.message.includes('no longer exists'))).toEqual([]);
    await engine.stop();
  });
});
