// The update check on a data folder that can't be written (adv52 r27 #2): update-check.json can't be saved, yet the
// release feed is still asked and a newer release announced. The failed save costs only what the docs say (the next
// start may look again sooner than once a day): within a run the feed is asked once a day, and the log says it once.
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createUpdateChecker, type UpdateNotice } from '../../electron/adapters/update-check';
import type { FileStore } from '../../electron/core/ports';
import { createFsFileStore } from '../../electron/core/storage/fs-file-store';
import { DAY_MS } from '../../electron/shared/time';

const PAGES = 'https://github.com/oncall-tray/oncall-tray/releases/';
const T0 = Date.parse('2026-03-04T12:00:00Z');
let server: Server;
let asked: number[] = [];
let dir = '';
let clockNow = T0;

beforeEach(async () => {
  asked = [];
  clockNow = T0;
  server = createServer((_req, res) => {
    asked.push(clockNow);
    const body = { tag_name: 'v0.2.0', html_url: `${PAGES}tag/v0.2.0` };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dir = await mkdtemp(join(tmpdir(), 'oncall-update-ro-'));
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** The real folder, whose writes, removals and backups fail as a read-only mount's do. */
function readOnly(inner: FileStore): FileStore {
  const refuse = () => Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }));
  return { location: dir, read: (n) => inner.read(n), backup: refuse, writeAtomic: refuse, remove: refuse };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
/** Waits (real time, a loaded machine is slow) until the feed was asked `n` times, then lets the check finish. */
async function askedTimes(n: number): Promise<void> {
  for (let i = 0; i < 200 && asked.length < n; i++) await settle();
  await settle();
}

it('a folder that cannot be written: the feed is still asked once a day and the new version announced', async () => {
  const timers: Array<{ due: number; fn: () => void }> = [];
  const clock = {
    now: () => clockNow,
    setTimer(delayMs: number, fn: () => void) {
      const timer = { due: clockNow + delayMs, fn };
      timers.push(timer);
      return () => void timers.splice(timers.indexOf(timer), 1);
    },
  };
  const notices: UpdateNotice[] = [];
  const logged: string[] = [];
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const checker = createUpdateChecker({
    config: { currentVersion: '0.1.0', feedUrl: `http://127.0.0.1:${port}/latest`, pagesPrefix: PAGES },
    clock,
    stateFile: join(dir, 'update-check.json'),
    files: readOnly(createFsFileStore(dir, { now: clock.now })),
    onNotice: (n) => void notices.push(n),
    log: (m) => void logged.push(m),
  });
  checker.start();
  await askedTimes(1);
  // Three days, an hour at a time: every timer due is run.
  for (let hour = 0; hour < 72; hour++) {
    clockNow += 3_600_000;
    const due = timers.filter((x) => x.due <= clockNow);
    for (const t of due) {
      timers.splice(timers.indexOf(t), 1);
      t.fn();
    }
    if (due.length > 0) await askedTimes(asked.length + 1);
  }
  checker.stop();
  // Asked at once (nothing saved says when it last was), then a day after each check: T0, +1 d, +2 d, +3 d.
  const expected = [0, 1, 2, 3].map((d) => T0 + d * DAY_MS);
  expect(asked).toEqual(expected);
  expect(notices.map((n) => n.version)).toEqual(['0.2.0', '0.2.0', '0.2.0', '0.2.0']);
  // The failed save is said once, with what it costs, not once per check.
  const saves = logged.filter((m) => m.includes('update-check.json'));
  expect(saves).toEqual([
    "update check: update-check.json can't be saved (the disk is read-only); " +
      'the app may look for a new version again sooner than once a day',
  ]);
});
