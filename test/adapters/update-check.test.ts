// The update check against a real loopback release feed, with a fake clock: what the user sees (a notice for a
// newer release only) and how often the feed is asked (at most once a day, across restarts, failures included).
import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createUpdateChecker,
  isNewer,
  noticeFrom,
  readReleaseConfig,
  type UpdateNotice,
} from '../../electron/adapters/update-check';
import { DAY_MS } from '../../electron/shared/time';
import { textMatching } from '../support/matchers';

const PAGES = 'https://github.com/oncall-tray/oncall-tray/releases/';
let server: Server;
let requests = 0;
let userAgent: string | undefined;
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let dir = '';

beforeEach(async () => {
  requests = 0;
  answer = { status: 200, body: { tag_name: 'v0.2.0', html_url: `${PAGES}tag/v0.2.0` } };
  server = createServer((req, res) => {
    requests++;
    userAgent = req.headers['user-agent'];
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dir = await mkdtemp(join(tmpdir(), 'oncall-update-'));
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

function fakeClock(start: number) {
  let now = start;
  const timers: Array<{ due: number; fn: () => void }> = [];
  return {
    now: () => now,
    setTimer(delayMs: number, fn: () => void) {
      const timer = { due: now + delayMs, fn };
      timers.push(timer);
      return () => void timers.splice(timers.indexOf(timer), 1);
    },
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((x) => x.due <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    },
  };
}

function checker(clock: ReturnType<typeof fakeClock>, currentVersion = '0.1.0') {
  const notices: UpdateNotice[] = [];
  const logged: string[] = [];
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const c = createUpdateChecker({
    config: { currentVersion, feedUrl: `http://127.0.0.1:${port}/latest`, pagesPrefix: PAGES },
    clock,
    stateFile: join(dir, 'update-check.json'),
    onNotice: (n) => void notices.push(n),
    log: (m) => void logged.push(m),
  });
  return { c, notices, logged };
}

const T0 = Date.parse('2026-03-02T08:00:00Z');
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('update notice', () => {
  it('announces a newer release once started, without waiting for the feed, and asks again only a day later', async () => {
    const clock = fakeClock(T0);
    const { c, notices } = checker(clock);
    expect(c.start()).toBeUndefined(); // returns at once; the check runs in the background
    await settle();
    clock.advance(0);
    await vi.waitFor(() => expect(notices).toEqual([{ version: '0.2.0', url: `${PAGES}tag/v0.2.0` }]));
    expect(userAgent).toBe('OnCall-Tray/0.1.0');
    clock.advance(DAY_MS - 60_000);
    await settle();
    expect(requests).toBe(1);
    clock.advance(60_000);
    await vi.waitFor(() => expect(requests).toBe(2));
    c.stop();
  });

  it('a restart within the day does not ask the feed again', async () => {
    const first = checker(fakeClock(T0));
    first.c.start();
    await settle();
    await vi.waitFor(() => expect(requests).toBe(1));
    first.c.stop();
    const clock = fakeClock(T0 + 2 * 60 * 60 * 1000);
    const second = checker(clock);
    second.c.start();
    await settle();
    clock.advance(0);
    await settle();
    expect(requests).toBe(1);
    clock.advance(DAY_MS - 2 * 60 * 60 * 1000);
    await vi.waitFor(() => expect(requests).toBe(2));
    second.c.stop();
  });

  it('a failing feed is logged in one line, shows nothing, and is not retried before the next day', async () => {
    answer = { status: 503, body: { message: 'down' } };
    const clock = fakeClock(T0);
    const { c, notices, logged } = checker(clock);
    c.start();
    await vi.waitFor(() => expect(logged).toEqual(['update check: HTTP 503']));
    clock.advance(DAY_MS - 1);
    await settle();
    expect([requests, notices]).toEqual([1, []]);
    c.stop();
  });

  it('shows nothing for the same or an older version, drafts, pre-releases, or a page outside the release pages', () => {
    const config = { currentVersion: '0.2.0', feedUrl: 'https://unused.example/', pagesPrefix: PAGES };
    expect(noticeFrom({ tag_name: 'v0.2.0', html_url: `${PAGES}tag/v0.2.0` }, config)).toBeUndefined();
    expect(noticeFrom({ tag_name: 'v0.1.9', html_url: `${PAGES}tag/v0.1.9` }, config)).toBeUndefined();
    expect(noticeFrom({ tag_name: 'v0.3.0', html_url: `${PAGES}tag/v0.3.0`, draft: true }, config)).toBeUndefined();
    expect(noticeFrom({ tag_name: 'v0.3.0-beta.1', html_url: `${PAGES}tag/v0.3.0-beta.1` }, config)).toBeUndefined();
    expect(noticeFrom({ tag_name: 'v0.3.0', html_url: 'https://evil.example.net/releases/' }, config)).toBeUndefined();
    expect(noticeFrom({ unexpected: true }, config)).toBeUndefined();
    expect(noticeFrom({ tag_name: '0.10.0', html_url: `${PAGES}tag/0.10.0` }, config)).toEqual({
      version: '0.10.0',
      url: `${PAGES}tag/0.10.0`,
    });
    expect([isNewer('v1.0.0', '0.9.9'), isNewer('0.9.10', '0.9.9'), isNewer('0.9.9', '0.9.10')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("reads the feed and the release pages from the app's package.json, both https", async () => {
    const config = await readReleaseConfig(process.cwd());
    expect(config).toMatchObject({
      currentVersion: textMatching(/^\d+\.\d+\.\d+$/),
      feedUrl: textMatching(/^https:\/\//),
      pagesPrefix: textMatching(/^https:\/\//),
    });
    expect(await readReleaseConfig(dir)).toBeUndefined();
  });
});

// update-check.json is read back like every file (update-check-record.ts): a time that hasn't come is not believed
// (it would silence the checks for as long as it claims), and a refused file is kept aside, not overwritten.
describe('update-check.json read back', () => {
  it('a last check a year ahead is not believed: the feed is still asked within the day', async () => {
    await writeFile(join(dir, 'update-check.json'), JSON.stringify({ checkedAt: T0 + 365 * DAY_MS }));
    const clock = fakeClock(T0);
    const { c, logged } = checker(clock);
    c.start();
    await settle();
    clock.advance(0);
    await settle();
    c.stop();
    expect(requests).toBe(1);
    expect(logged.join('\n')).toMatch(/not used \(a time that can't be true\); kept as .*update-check\.json\.bad-/);
  });

  it('a refused file is kept aside as it was before the next check replaces it', async () => {
    const original = '{"checkedAt": "yesterday"}';
    await writeFile(join(dir, 'update-check.json'), original);
    const clock = fakeClock(T0);
    const { c } = checker(clock);
    c.start();
    // The refused file's copy and the feed's answer take a few reads and writes: waited for, not timed (a loaded
    // machine took longer than a fixed 30 ms).
    await vi.waitFor(() => expect(requests).toBe(1), { timeout: 5000 });
    c.stop();
    const files = await readdir(dir);
    const kept = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
    expect(kept).toContain(original);
    expect(requests).toBe(1);
  });
});
