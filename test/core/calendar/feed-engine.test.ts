// The feed as the app runs it: off by default, turned on in settings (a token is issued and stored), serving the
// engine's calendar, moved to a new address when the token is rotated, and gone when turned off.
import { createServer } from 'node:net';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFeedUrl, type Settings } from '../../../electron/shared/settings';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');

let h: Harness | undefined;
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

async function feedSettings(
  engine: Engine,
  patch: Partial<Settings['calendarFeed']>,
): Promise<Settings['calendarFeed']> {
  const result = await engine.handlers['settings:update']({
    calendarFeed: { ...engine.getState().settings.calendarFeed, ...patch },
  });
  if (!result.ok) throw new Error(result.error.message);
  // The token is issued by the engine after the update; wait for it to be stored and the server to listen.
  for (let i = 0; i < 100 && engine.getState().settings.calendarFeed.token === ''; i++)
    await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 50));
  return engine.getState().settings.calendarFeed;
}

/** Holds a port on 127.0.0.1 as another program would. */
function occupy(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({ port, release: () => new Promise((done) => s.close(() => done())) });
    });
  });
}

const status = (url: string): Promise<number> =>
  fetch(url).then(
    (r) => r.status,
    () => 0,
  );

describe('calendar feed in the engine', () => {
  it('is off by default, serves my calendar once turned on, changes address on rotation and stops when off', async () => {
    h = await createHarness({ startMs: START, seed: threeZoneSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(1_000);
    expect(engine.getState().settings.calendarFeed).toMatchObject({ enabled: false, token: '' });

    const port = await freePort();
    const on = await feedSettings(engine, { enabled: true, port });
    expect(on.token.length).toBeGreaterThanOrEqual(22);
    const url = calendarFeedUrl(on) ?? '';
    expect(url).toBe(`http://127.0.0.1:${port}/${on.token}/on-call.ics`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const cal = ICAL.Component.fromString(await res.text());
    const summaries = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary);
    expect(summaries.length).toBeGreaterThan(3);
    expect(new Set(summaries)).toEqual(new Set(['On call: Berlin primary']));
    // Nothing changed a minute later: the same ETag, so a calendar app's conditional request gets 304.
    await h.clock.advance(60_000);
    const again = await fetch(url, { headers: { 'If-None-Match': res.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);

    const rotated = await feedSettings(engine, { token: '' });
    expect(rotated.token).not.toBe(on.token);
    expect(await status(url)).toBe(404);
    expect(await status(calendarFeedUrl(rotated) ?? '')).toBe(200);

    await feedSettings(engine, { enabled: false });
    expect(await status(calendarFeedUrl(rotated) ?? '')).toBe(0);
  });

  it('says so while the port is taken, and stops saying it once the feed runs on another port', async () => {
    h = await createHarness({ startMs: START, seed: threeZoneSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const engine = h.engine();
    await engine.start();
    const taken = await occupy();
    try {
      await feedSettings(engine, { enabled: true, port: taken.port });
      const notice = engine.getState().notices.find((n) => n.id === 'calendar-feed');
      expect(notice?.message).toBe(
        `The calendar feed is not running: Port ${taken.port} is already in use on this computer. Choose another port in Settings.`,
      );
      const on = await feedSettings(engine, { port: await freePort() });
      expect(engine.getState().notices.find((n) => n.id === 'calendar-feed')).toBeUndefined();
      expect(await status(calendarFeedUrl(on) ?? '')).toBe(200);
    } finally {
      await taken.release();
    }
  });
});
