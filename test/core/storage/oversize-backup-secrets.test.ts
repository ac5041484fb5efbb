// Adversarial round 10 #3 (issue 52): a settings.json refused for its size was moved aside unread, so the backup held
// the calendar feed token in clear (a padded file: a sync tool or an editor). Keys and tokens never appear in a
// backup: a file too large to read keeps only its first bytes up to its limit, masked like every backup, and the
// notice says so, with its real size ("1.001 MB; at most 1 MB", not "1 MB; at most 1 MB" nor "far larger").
// Real engine, real files, the simulator, a fake clock.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { maxBytesOf, sizeText, TooLargeError } from '../../../electron/core/storage/file-limits';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-26T05:00:00Z');
/** A feed token as the app makes them (43 characters, base64url). */
const TOKEN = 'Zq3xP9vLm2Kd8Rt5Wn7Yb4Hc6Jf1Gs0Ae_Qu-Ni3Ok8';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const noticesOf = (e: { getState(): { notices: readonly { message: string }[] } }): string =>
  e
    .getState()
    .notices.map((n) => n.message)
    .join('\n');

async function backupsOf(dir: string, name: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((f) => f.startsWith(`${name}.bad-`));
  return Promise.all(names.map((f) => readFile(join(dir, f), 'utf8')));
}

/** `name` (the app's own content, holding TOKEN) padded with JSON whitespace to 0.1 % over its limit. */
async function padded(dir: string, name: string, text: string): Promise<void> {
  const over = maxBytesOf(name) + Math.ceil(maxBytesOf(name) / 1000);
  await writeFile(join(dir, name), text.replace(/\}\s*$/, ' '.repeat(over - text.length) + '}'));
}

describe('a file refused for its size is kept aside without its secrets', () => {
  it('settings.json with the feed token, padded 0.1 % over 1 MB: its backup holds no token, the notice its real size', async () => {
    h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const path = join(h.dir, 'settings.json');
    const settings = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    const withToken = JSON.stringify({ ...settings, calendarFeed: { enabled: true, port: 47615, token: TOKEN } });
    await padded(h.dir, 'settings.json', withToken);
    const e = h.engine({ alarms: false });
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    const said = noticesOf(e);
    await e.stop();
    expect(said).toMatch(
      /settings file could not be used because it is larger than the app ever writes it: 1\.001 MB; at most 1 MB; a copy keeps only its first 1 MB, with keys and tokens removed\..*kept as /s,
    );
    expect(said).not.toMatch(/far larger/);
    const [backup, ...more] = await backupsOf(h.dir, 'settings.json');
    expect(more).toEqual([]);
    expect(backup).toBeDefined();
    expect(backup).not.toContain(TOKEN);
    // Its head only (the mask is a little longer than the token it replaces).
    expect(backup?.length).toBeLessThan(maxBytesOf('settings.json') + 100);
    expect(backup).toContain('"port":47615');
  });

  it('settings.json padded before the feed token (its head holds no secret): the token past the head is not kept', async () => {
    h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const path = join(h.dir, 'settings.json');
    const settings = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    const withToken = JSON.stringify({ ...settings, calendarFeed: { enabled: true, port: 47615, token: TOKEN } });
    await writeFile(path, withToken.replace(/^\{/, '{' + ' '.repeat(maxBytesOf('settings.json') + 1000)));
    const e = h.engine({ alarms: false });
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    await e.stop();
    const backups = await backupsOf(h.dir, 'settings.json');
    expect(backups).toHaveLength(1);
    expect(backups.join('')).not.toContain(TOKEN);
    expect(backups[0]?.length).toBe(maxBytesOf('settings.json'));
  });

  it('reminders.json holding a token, padded over 4 MB: its backup holds no token', async () => {
    h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const first = h.engine({ alarms: false });
    await h.clock.runWhileAdvancing(first.start(), 1000, 60);
    await h.clock.advance(10 * 60_000);
    await first.stop();
    const text = await readFile(join(h.dir, 'reminders.json'), 'utf8');
    await padded(h.dir, 'reminders.json', text.replace(/^\{/, `{"apiToken":"${TOKEN}",`));
    const e = h.engine({ alarms: false });
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    const said = noticesOf(e);
    await e.stop();
    expect(said).toMatch(/it is larger than the app ever writes it: 4\.004 MB; at most 4 MB; a copy keeps only/);
    const backups = await backupsOf(h.dir, 'reminders.json');
    expect(backups).toHaveLength(1);
    expect(backups.join('')).not.toContain(TOKEN);
  });

  it('says the size with as many decimals as it takes to tell it from the limit', () => {
    const MB = 1024 * 1024;
    expect(sizeText(new TooLargeError(MB + 1049, MB))).toBe('1.001 MB; at most 1 MB');
    expect(sizeText(new TooLargeError(MB + 1, MB))).toBe('1.000001 MB; at most 1 MB');
    expect(sizeText(new TooLargeError(21.7 * MB, 8 * MB))).toBe('21.7 MB; at most 8 MB');
  });
});
