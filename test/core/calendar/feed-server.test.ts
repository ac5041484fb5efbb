// The subscription feed over real loopback HTTP: the token path answers the calendar with an ETag (304 when it
// matches), everything else is 404 or 405, and nothing listens beyond 127.0.0.1.
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { feedPath, startFeedServer, type RunningFeed } from '../../../electron/core/calendar/feed-server';

const TOKEN = 'Qm9ndXNUb2tlbkZvclRlc3RzT25seQ_-0123456789a';
let body = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
let feed: RunningFeed | undefined;

afterEach(async () => {
  await feed?.close();
  feed = undefined;
});

async function started(): Promise<RunningFeed> {
  const result = await startFeedServer({ port: 0, token: TOKEN, render: async () => body });
  if (!result.ok) throw new Error(result.error.message);
  feed = result.feed;
  return feed;
}

const base = (f: RunningFeed): string => `http://127.0.0.1:${f.port}`;

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe('calendar feed server', () => {
  it('answers the token path with the calendar, an ETag and Cache-Control, then 304 for a matching If-None-Match', async () => {
    const f = await started();
    expect(f.url).toBe(`${base(f)}${feedPath(TOKEN)}`);
    const first = await fetch(f.url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(await first.text()).toBe(body);

    const again = await fetch(f.url, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    body = body.replace('VERSION:2.0', 'VERSION:2.0\r\nX-WR-CALNAME:changed');
    const changed = await fetch(f.url, { headers: { 'If-None-Match': etag ?? '' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('says 404 to a wrong token and any other path, and 405 to other methods on the feed path', async () => {
    const f = await started();
    const wrongToken = `${base(f)}${feedPath(TOKEN.replace(/.$/, 'b'))}`;
    for (const url of [
      wrongToken,
      base(f),
      `${base(f)}/`,
      `${base(f)}/${TOKEN}`,
      `${base(f)}/${TOKEN}/other.ics`,
      `${f.url}/x`,
      `${base(f)}/state`,
    ]) {
      const res = await fetch(url);
      expect([url, res.status]).toEqual([url, 404]);
      expect(await res.text()).not.toContain('BEGIN:VCALENDAR');
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const res = await fetch(f.url, { method });
      expect([method, res.status]).toEqual([method, 405]);
      expect(await res.text()).not.toContain('BEGIN:VCALENDAR');
    }
    expect((await fetch(wrongToken, { method: 'POST' })).status).toBe(404);
  });

  it('refuses another host name (a web page reaching loopback through its own domain)', async () => {
    const f = await started();
    const res = await new Promise<number>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: f.port }, () => {
        socket.write(`GET ${feedPath(TOKEN)} HTTP/1.1\r\nHost: evil.example:${f.port}\r\nConnection: close\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (d) => (text += String(d)));
      socket.on('end', () => resolve(Number(text.split(' ')[1])));
    });
    expect(res).toBe(404);
  });

  it('listens on 127.0.0.1 only', async () => {
    const f = await started();
    expect(await accepts('127.0.0.1', f.port)).toBe(true);
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i !== undefined && !i.internal)
      .map((i) => i?.address ?? '');
    for (const address of [...others, '::1'])
      expect([address, await accepts(address, f.port)]).toEqual([address, false]);
  });

  it('reports a port that is already taken instead of throwing', async () => {
    const f = await started();
    const second = await startFeedServer({ port: f.port, token: TOKEN, render: async () => body });
    expect(second.ok).toBe(false);
    expect(!second.ok && second.error.kind).toBe('port_in_use');
  });
});
