// A key or token a file names (the settings' `calendarFeed.token`) is the same secret wherever else the same file
// holds it: a note, the feed's address under a field this version doesn't know. A settings.json is kept aside at
// start before the app holds its feed token, and the feed keeps running at that token, so a backup holding it
// anywhere hands out a working address to the user's calendar (adv52 r63 #2). Tokens here are newFeedToken()'s:
// random, so one an engine remembers (redact-secrets.ts) can't mask another file's texts in a shared worker.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newFeedToken } from '../../../electron/core/calendar/feed-control';
import { maskKnownSecrets, redactSecrets, rememberSecret } from '../../../electron/core/storage/redact-secrets';
import { loadSettings } from '../../../electron/core/storage/settings-store';
import { createHarness, type Harness } from '../support/engine-harness';
import { MemoryFileStore } from '../support/memory-file-store';
import { ME, threeZoneSeed } from '../support/seeds';
import { ms } from '../../support/time';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const percent = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');

describe('a backup masks a token the file names wherever else the file holds it', () => {
  it.each([
    ['a note', (t: string) => ({ note: `my feed: webcal://127.0.0.1:47615/${t}/on-call.ics` })],
    ['a word in an unknown field', (t: string) => ({ note: `feed ${t}` })],
    ['an address with the token percent-encoded', (t: string) => ({ note: `http://127.0.0.1:1/${percent(t)}/x` })],
  ])('%s', (_name, extra) => {
    const t = newFeedToken();
    const text = JSON.stringify({ version: 2, calendarFeed: { enabled: true, port: 47615, token: t }, ...extra(t) });
    const kept = redactSecrets(text);
    expect(kept).not.toContain(t);
    expect(decodeURIComponent(kept)).not.toContain(t);
    expect(kept).toContain('47615');
  });

  it('in a file that is not JSON', () => {
    const t = newFeedToken();
    const kept = redactSecrets(`{"calendarFeed":{"token":"${t}"}, note: ${t.slice(0, -1)}${t.slice(-1)} and more`);
    expect(kept).not.toContain(t);
    expect(kept).toContain('and more');
  });

  it('a phrase under a secret name is masked there only: the same words elsewhere stay, for recovery', () => {
    const kept = redactSecrets(JSON.stringify({ token: 'not set yet', passwordHint: 'none', note: 'not set yet' }));
    expect(kept).toContain('"note":"not set yet"');
  });
});

describe('a feed address in a file that no longer names its token', () => {
  it('its token-shaped path is masked, the rest of the address and the file kept', () => {
    const t = newFeedToken();
    const kept = redactSecrets(`{"version":2, feed: http://127.0.0.1:47615/${t}/calendar.ics`);
    expect(kept).not.toContain(t);
    expect(kept).toContain('http://127.0.0.1:47615/');
    expect(kept).toContain('/calendar.ics');
  });

  it('a value of the same shape outside an address (a digest) is kept', () => {
    const t = newFeedToken();
    expect(redactSecrets(JSON.stringify({ sha: t, url: 'https://example.com/a/b' }))).toContain(t);
  });
});

describe('settings.json set aside with the live feed token outside its own field', () => {
  it.each([
    ['a top-level note', (t: string) => ({ note: `my feed: webcal://127.0.0.1:47615/${t}/calendar.ics` })],
    ['a word with no name hint', (t: string) => ({ accounts: 'x', note: `feed ${t}` })],
  ])('%s: the token in use is in neither the backup nor the notice', async (_name, extra) => {
    const t = newFeedToken();
    const files = new MemoryFileStore();
    const feed = { enabled: true, port: 47615, token: t };
    files.files.set('settings.json', JSON.stringify({ version: 2, calendarFeed: feed, ...extra(t) }));
    const loaded = await loadSettings(files);
    const kept = [...files.files].filter(([n]) => n.startsWith('settings.json.bad-')).map(([, text]) => text);
    expect(loaded.settings.calendarFeed.token).toBe(t);
    expect(kept).toHaveLength(1);
    for (const text of kept) expect(text).not.toContain(t);
    expect(loaded.notice?.message ?? '').not.toContain(t);
  });

  it('the engine: the feed runs at the token, and the backup and notices hold it nowhere', async () => {
    h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
    const url = new URL(h.sim.url);
    const t = newFeedToken();
    const port = 40000 + Math.floor(Math.random() * 20000);
    const account = {
      id: 'main',
      label: url.hostname,
      baseUrl: h.sim.url,
      email: ME,
      schedules: [{ id: 'sch_berlin' }],
    };
    const subscribedIn = `webcal://127.0.0.1:${port}/${t}/on-call.ics`;
    const settings = { version: 2, calendarFeed: { enabled: true, port, token: t }, accounts: [account], subscribedIn };
    await h.files.writeAtomic('settings.json', JSON.stringify(settings));
    await h.secrets.set(`main@${url.host}`, h.sim.apiKey);
    const e = h.engine();
    await e.start();
    await h.clock.advance(5_000);
    expect(e.getState().settings.calendarFeed.token).toBe(t);
    expect(JSON.stringify(e.getState().notices)).not.toContain(t);
    await e.stop();
    const aside = (await readdir(h.dir)).filter((n) => n.startsWith('settings.json.bad-'));
    expect(aside).toHaveLength(1);
    const dir = h.dir;
    for (const n of aside) expect(await readFile(join(dir, n), 'utf8')).not.toContain(t);
  });
});

it('a notice quoting a known token percent-encoded shows no token', () => {
  const t = newFeedToken();
  rememberSecret(t);
  const shown = maskKnownSecrets(`subscribe at http://127.0.0.1:47615/${percent(t)}/on-call.ics`);
  expect(decodeURIComponent(shown)).not.toContain(t);
  expect(shown).toContain('/on-call.ics');
});
