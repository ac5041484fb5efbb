// A file kept aside (`<file>.bad-<time>`) keeps everything for recovery but its secrets: the calendar feed's token
// and any other token-like field, and what a web address carries besides the address. The real engine over a real
// folder (a refused settings file), and the store's backup itself for the other files it moves aside.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { redactSecrets, rememberSecret } from '../../../electron/core/storage/redact-secrets';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { jsonObject } from '../../support/json';
import { ms } from '../../support/time';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcdE';

it.each([
  ['one invalid value', (t: string) => JSON.stringify({ ...JSON.parse(t), theme: 'purple' })],
  ['cut short', (t: string) => t.slice(0, -3)],
  ['cut short inside the token', (t: string) => t.slice(0, t.indexOf(TOKEN) + 10)],
])('settings refused (%s): the backup keeps the settings but not the feed token', async (_name, damage) => {
  const h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const s = jsonObject(await readFile(join(h.dir, 'settings.json'), 'utf8'));
  const feed = { enabled: false, port: 47615, token: TOKEN };
  await writeFile(join(h.dir, 'settings.json'), damage(JSON.stringify({ ...s, calendarFeed: feed })));
  const e = h.engine({ serveCalendarFeed: false });
  await e.start();
  await h.clock.advance(1000);
  const notices = JSON.stringify(e.getState().notices);
  expect(notices).toMatch(/kept as/);
  expect(notices).not.toContain(TOKEN.slice(0, 10));
  await e.stop();
  const backups = (await readdir(h.dir)).filter((f) => f.startsWith('settings.json.'));
  expect(backups).toHaveLength(1);
  const kept = await readFile(join(h.dir, backups[0] ?? ''), 'utf8');
  expect(kept).not.toContain(TOKEN.slice(0, 10));
  expect(kept).toContain('sch_berlin'); // the rest is there for recovery
});

it('every file the store moves aside is masked the same way, and one without secrets is moved as it is', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'oncall-backup-'));
  const files = createFsFileStore(dir, { now: () => ms('2026-03-25T10:00:00Z') });
  const secretful = JSON.stringify({
    version: 1,
    accounts: [{ baseUrl: 'https://user:pw@oncall.example/api?api_key=K123456789#frag' }],
    apiKey: 'K123456789',
    nested: { refreshToken: 'R123456789', password: 'P123456789' },
    held: [{ key: 'coverage:cov_1', title: 'kept' }],
  });
  for (const name of ['cache.json', 'reminders.json', 'handoff.json', 'calendar-export.json', 'update-check.json'])
    await files.writeAtomic(name, secretful.slice(0, -5));
  await files.writeAtomic('calendar-feed.json', '{"version":1,"events":{}}');
  for (const name of ['cache.json', 'reminders.json', 'handoff.json', 'calendar-export.json', 'update-check.json']) {
    const kept = await readFile(await files.backup(name), 'utf8');
    expect(kept).not.toMatch(/K123456789|R123456789|P123456789|user:pw|frag/);
    expect(kept).toContain('coverage:cov_1');
  }
  expect(await readFile(await files.backup('calendar-feed.json'), 'utf8')).toBe('{"version":1,"events":{}}');
  expect(await files.read('cache.json')).toBeUndefined();
});

it('redactSecrets masks token-like fields and address secrets, keeps every other field, and keeps JSON valid', () => {
  const text = JSON.stringify({ token: 'T0123456789', feedToken: 'F0123456789', key: 'shift:sch_a:lead', n: 3 });
  const masked = jsonObject(redactSecrets(text));
  expect(masked).toMatchObject({ key: 'shift:sch_a:lead', n: 3 });
  expect(JSON.stringify(masked)).not.toMatch(/T0123456789|F0123456789/);
  expect(redactSecrets('{"a":"b"}')).toBe('{"a":"b"}');
  expect(redactSecrets('{"token": "abc\\"def')).not.toContain('abc');
});

it('masks by a broader name list in any case, arrays and nested headers, and every key the app holds by value (issue 52)', () => {
  rememberSecret('ocs_value_only_key_1');
  const text = JSON.stringify({
    'x-api-key': 'aaa1',
    'API-KEY': 'aaa2',
    pwd: 'aaa3',
    passphrase: 'aaa4',
    jwt: 'aaa5',
    apiKeys: ['aaa6', 'aaa7'],
    headers: { 'X-Api-Key': 'aaa8' },
    note: 'ocs_value_only_key_1',
    url: 'webcal://h.example/feed/ocs_value_only_key_1.ics',
    sequence: -1,
  });
  const masked = redactSecrets(text);
  for (const s of ['aaa1', 'aaa2', 'aaa3', 'aaa4', 'aaa5', 'aaa6', 'aaa7', 'aaa8', 'ocs_value_only_key_1'])
    expect(masked).not.toContain(s);
  expect(jsonObject(masked)['sequence']).toBe(-1);
});
