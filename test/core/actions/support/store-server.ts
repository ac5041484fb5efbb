// Test-only raw loopback service that really stores writes (overrides, a team, a chat group) and serves them
// back through shifts and the schedule, then answers the write as a fault says: a gateway 502/504, a 500,
// garbage, a reset. Written here, not with the project's simulator, so the simulator does not judge itself.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { schedule, user } from '../../../api/support/fixtures';

export type Fault = 'none' | 502 | 504 | 500 | 'garbage' | 'wrong_shape' | 'reset' | 'hang';

export interface StoreServer {
  url: string;
  overrides: Array<{ id: string; start: string; end: string; users: ReturnType<typeof user>[] }>;
  team: { id: string; name: string; description: string };
  chatGroup: { id: string; name: string; handle: string } | undefined;
  /** Requests by "METHOD /path". */
  requests: string[];
  /** The next write is answered with `fault`; `stores` says whether it is applied first. */
  failNextWrite(fault: Fault, stores?: boolean): void;
  /** Answers writes only when `release` is called (to hold a create in flight). */
  holdWrites(): () => void;
  close(): Promise<void>;
}

export const SCHEDULE_ID = 'sch_berlin';
export const BASE_FROM = '2026-03-25T08:00:00Z';
export const BASE_TO = '2026-03-26T08:00:00Z';
const alice = user(1, { id: 'usr_alice', name: 'Alice', email: 'alice@example.com' });
const DIRECTORY = [
  alice,
  user(2, { id: 'usr_bob', name: 'Bob', email: 'bob@example.com' }),
  user(3, { id: 'usr_me', name: 'Me', email: 'me@example.com' }),
];

const OverrideInput = z.object({
  start: z.string(),
  end: z.string(),
  user_references: z.array(z.object({ value: z.string() })),
});

type Reply = { status: number; json?: unknown; text?: string } | 'reset' | 'hang';

function shiftsIn(s: StoreServer, fromIso: string, toIso: string) {
  // Cut [from, to) at every override edge; each piece is the latest override covering it, else Alice's shift.
  const [from, to] = [Date.parse(fromIso), Date.parse(toIso)];
  const edges = new Set([from, to]);
  for (const o of s.overrides)
    for (const t of [Date.parse(o.start), Date.parse(o.end)]) if (t > from && t < to) edges.add(t);
  const cuts = [...edges].sort((a, b) => a - b);
  return cuts.slice(0, -1).map((start, i) => {
    const end = cuts[i + 1] ?? to;
    const over = s.overrides.filter((o) => Date.parse(o.start) <= start && Date.parse(o.end) >= end).at(-1);
    return {
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      users: over ? over.users : [alice],
    };
  });
}

function createOverride(s: StoreServer, body: string): { stored?: unknown; refusal?: Reply } {
  const input = OverrideInput.parse(JSON.parse(body));
  const unknown = input.user_references.findIndex((r) => !DIRECTORY.some((u) => u.email === r.value));
  if (unknown >= 0) {
    return {
      refusal: {
        status: 422,
        json: {
          message: 'Validation failed',
          errors: [{ field: `user_references.${unknown}.value`, message: 'is not a known user' }],
        },
      },
    };
  }
  const users = input.user_references.map((r) => DIRECTORY.find((u) => u.email === r.value) ?? alice);
  const stored = { id: `ovr_${s.overrides.length + 1}`, start: input.start, end: input.end, users };
  s.overrides.push(stored);
  return { stored: { override: stored } };
}

function applyWrite(s: StoreServer, method: string, path: string, body: string): { ok?: unknown; refusal?: Reply } {
  if (method === 'POST') {
    const { stored, refusal } = createOverride(s, body);
    return refusal ? { refusal } : { ok: stored };
  }
  const input = z.record(z.string(), z.string()).parse(JSON.parse(body));
  if (path.startsWith('/teams/')) {
    s.team = { ...s.team, ...input };
    return { ok: { team: s.team } };
  }
  s.chatGroup = { id: 'S0CHAT', name: input.name ?? '', handle: input.handle ?? '' };
  return { ok: { user_group: s.chatGroup } };
}

function faultReply(fault: Fault, ok: unknown): Reply {
  if (fault === 'none') return { status: 201, json: ok };
  if (fault === 'reset' || fault === 'hang') return fault;
  // Cut off mid-body, as when a proxy drops the end of the answer.
  if (fault === 'garbage') return { status: 200, text: '{"override": {"id": "ovr_' };
  if (fault === 'wrong_shape') return { status: 201, json: { created: true } };
  return { status: fault, text: fault === 500 ? 'Internal Server Error' : '<html><body>Bad gateway</body></html>' };
}

function read(s: StoreServer, path: string, query: URLSearchParams): Reply {
  if (path === `/schedules/${SCHEDULE_ID}/shifts/`) {
    const shifts = shiftsIn(s, query.get('from') ?? BASE_FROM, query.get('to') ?? BASE_TO);
    return { status: 200, json: { shifts, meta: { total: shifts.length, page: 1, per_page: 100 } } };
  }
  const found = s.overrides.find((o) => path === `/schedules/${SCHEDULE_ID}/overrides/${o.id}`);
  if (found) return { status: 200, json: { override: found } };
  if (path === `/schedules/${SCHEDULE_ID}`)
    // Its revision moves with each override it stores, from 1 (the snapshot fixtures' revision), as a service's does.
    return {
      status: 200,
      json: { schedule: { ...schedule(), teams: [s.team], current_revision: 1 + s.overrides.length } },
    };
  return { status: 404, json: { message: 'Not found' } };
}

export async function startStoreServer(): Promise<StoreServer> {
  let next: { fault: Fault; stores: boolean } | undefined;
  let gate: Promise<void> = Promise.resolve();
  const s: StoreServer = {
    url: '',
    overrides: [],
    team: { id: 'tea_core', name: 'Core', description: 'Core team' },
    chatGroup: undefined,
    requests: [],
    failNextWrite: (fault, stores = true) => void (next = { fault, stores }),
    holdWrites: () => {
      let release = () => undefined as void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    },
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '', 'http://store.invalid');
      const method = req.method ?? '';
      s.requests.push(`${method} ${url.pathname}`);
      let reply: Reply;
      if (method === 'GET') reply = read(s, url.pathname, url.searchParams);
      else {
        await gate;
        const fault = next ?? { fault: 'none' as const, stores: true };
        next = undefined;
        const applied = fault.stores
          ? applyWrite(s, method, url.pathname, Buffer.concat(chunks).toString('utf8'))
          : { ok: {} };
        reply = applied.refusal ?? faultReply(fault.fault, applied.ok);
      }
      if (reply === 'reset') return void req.socket.destroy();
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'content-type': reply.json === undefined ? 'text/html' : 'application/json' });
      res.end(reply.json === undefined ? reply.text : JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('store server has no TCP address');
  s.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  s.url = `http://127.0.0.1:${address.port}`;
  return s;
}
