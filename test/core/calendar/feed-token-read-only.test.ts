// A refused feed token (guessable: settings.json's calendarFeed.token is not one the app makes) on a data folder
// that can't be written (adv52 r27 #3). Failed before: the new token waited on a settings save that could not happen,
// so the feed was "on" with no address, served nothing, and nothing said so. Now it runs at a new address held for the
// run, and says that address could not be saved; on a writable folder the new address is saved and kept.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { calendarFeedUrl } from '../../../electron/shared/settings';
import { createHarness, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const REFUSED = 'A'.repeat(43);
const UNSAVED = /^The calendar feed has a new address, which could not be saved: it changes again at the next start/;

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      s.close(() => resolve(port));
    });
  });

/** The real folder, whose writes, removals and backups fail as a read-only mount's do. */
function readOnly(inner: FileStore): FileStore {
  const refuse = () => Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }));
  return { location: inner.location, read: (n) => inner.read(n), backup: refuse, writeAtomic: refuse, remove: refuse };
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Two starts on the folder (`wrap` makes it read-only or not): each start's feed address, its answer, the notices. */
async function twoStarts(wrap: (f: FileStore) => FileStore) {
  h = await createHarness({ startMs: START, seed: threeZoneSeed(), files: 'fs' });
  const url = new URL(h.sim.url);
  const port = await freePort();
  const account = { id: 'main', label: url.hostname, baseUrl: h.sim.url, email: ME, schedules: [{ id: 'sch_berlin' }] };
  const settings = { version: 2, calendarFeed: { enabled: true, port, token: REFUSED }, accounts: [account] };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`main@${url.host}`, h.sim.apiKey);
  const refusedUrl = `http://127.0.0.1:${port}/${REFUSED}/calendar.ics`;
  const runs: { feed: string | undefined; status: number; refused: number; feedNotices: string[] }[] = [];
  for (let run = 0; run < 2; run++) {
    const e = h.engine({ files: wrap(h.files) });
    await e.start();
    await h.clock.advance(5_000);
    await new Promise((r) => setTimeout(r, 300));
    const feed = calendarFeedUrl(e.getState().settings.calendarFeed);
    const status = feed === undefined ? -1 : await fetch(feed).then((r) => r.status);
    const refused = await fetch(refusedUrl).then((r) => r.status);
    const feedNotices = e.getState().notices.flatMap((n) => (n.id === 'calendar-feed' ? [n.message] : []));
    runs.push({ feed, status, refused, feedNotices });
    await e.stop();
  }
  return { runs, port, saved: await h.files.read('settings.json') };
}

describe('a refused calendar feed token', () => {
  it('on a read-only folder: each start serves at a new address and says it could not be saved', async () => {
    const { runs, port, saved } = await twoStarts(readOnly);
    for (const r of runs) {
      expect(r.feed).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/[A-Za-z0-9_-]{43}/`));
      expect(r.feed).not.toContain(REFUSED);
      expect(r.status).toBe(200);
      expect(r.refused).not.toBe(200);
      expect(r.feedNotices).toHaveLength(1);
      expect(r.feedNotices[0]).toMatch(UNSAVED);
    }
    // What the notice says: the address changes at the next start (nothing was saved).
    expect(runs[1]?.feed).not.toBe(runs[0]?.feed);
    expect(saved).toContain(REFUSED);
  }, 60_000);

  it('on a writable folder: the new address is saved, kept at the next start, and no such notice', async () => {
    const { runs, saved } = await twoStarts((f) => f);
    const token = /"token":\s*"([A-Za-z0-9_-]{43})"/.exec(saved ?? '')?.[1];
    expect(token).toBeDefined();
    expect(token).not.toBe(REFUSED);
    for (const r of runs) {
      expect(r.feed).toContain(`/${token}/`);
      expect(r.status).toBe(200);
      expect(r.feedNotices).toEqual([]);
    }
  }, 60_000);
});
