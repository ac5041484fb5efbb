// One service watched by two accounts (issue 48, adv48 r33): One (`main`, API_KEY) and Two (`second`, SECOND_KEY),
// same address and e-mail, behind a loopback proxy that refuses the keys listed in `ctl.refused` with `ctl.status`
// (403: the key's user lost access; 429 with Retry-After 600: its quota used up) and the service's own message,
// and passes every other request on to the simulator. Solo, daily from 08:00 UTC: 3/25 Bob on call at the start.
import { createServer, request as httpRequest } from 'node:http';
import type { Engine } from '../../../../electron/core/engine/types';
import { createHarness, type Harness } from '../../support/engine-harness';
import { API_KEY, ME, seedOf } from '../../support/seeds';

export const START = Date.parse('2026-03-25T10:00:00Z');
export const SECOND_KEY = 'ocs_test_key_2';
export const SAID = 'Quota for this key used up until 10:30';

export interface Ctl {
  /** The keys refused now. */
  refused: Set<string>;
  status: 403 | 429;
  /** A key's own status, over `status` (a read-only key beside a rate-limited one: adv48 r45). */
  per?: Map<string, 403 | 429>;
  /** Only the keys' writes (every request but a GET) are refused; their reads are served. */
  onlyWrites?: boolean;
  /** Every request as it reached the proxy: "One GET /schedules/… -> 429" for a refused one. */
  log: string[];
}

export interface RefusingWorld {
  h: Harness;
  engine: Engine;
  ctl: Ctl;
  close(): Promise<void>;
}

const whoOf = (key: string): string => (key === API_KEY ? 'One' : key === SECOND_KEY ? 'Two' : '?');

/** `only`: One alone is set up (no second account on the service). */
export async function refusingWorld(only = false): Promise<RefusingWorld> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00.000Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const h = await createHarness({
    startMs: START,
    seed: seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_alice', 'usr_bob'], ...daily }]),
  });
  h.sim.state.addKey(SECOND_KEY, 'usr_me');
  const to = new URL(h.sim.url);
  const ctl: Ctl = { refused: new Set(), status: 429, log: [] };
  const server = createServer((req, res) => {
    const key = String(req.headers['x-api-key'] ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const line = `${whoOf(key)} ${req.method} ${(req.url ?? '').replace(/\?.*/, '')}`;
      if (ctl.refused.has(key) && (ctl.onlyWrites !== true || req.method !== 'GET')) {
        const status = ctl.per?.get(key) ?? ctl.status;
        ctl.log.push(`${line} -> ${status}`);
        const wait = status === 429 ? { 'retry-after': '600' } : {};
        res.writeHead(status, { 'content-type': 'application/json', ...wait });
        res.end(JSON.stringify({ error: { code: 'refused', message: SAID }, message: SAID }));
        return;
      }
      ctl.log.push(line);
      const out = httpRequest(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
        (a) => {
          res.writeHead(a.statusCode ?? 502, a.headers);
          a.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const host = new URL(url).host;
  const account = (id: string, label: string) => ({
    id,
    label,
    baseUrl: url,
    email: ME,
    schedules: [{ id: 'sch_solo' }],
  });
  await h.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, accounts: [account('main', 'One'), ...(only ? [] : [account('second', 'Two')])] }),
  );
  await h.secrets.set(`main@${host}`, API_KEY);
  if (!only) await h.secrets.set(`second@${host}`, SECOND_KEY);
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  const close = async () => {
    await new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
    await h.close();
  };
  return { h, engine, ctl, close };
}
