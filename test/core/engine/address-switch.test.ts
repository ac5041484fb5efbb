// Issue 19, case 1: the new key went to the old host. Two loopback services A and B, each with its own key in the
// keychain; A's shifts take three pages and page 2 of the first walk is held. While it is held the address is
// switched to B (or A's key is replaced). The old walk must end there: page 2 is dropped before anything is sent
// with the new binding, A never sees B's key (nor any request after the switch), and B never sees A's key.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  firstEvent,
  gate,
  startGateServer,
  type Gate,
  type GateServer,
  type WireEvent,
} from '../../api/support/gate-server';
import { createHarness, type Harness } from '../support/engine-harness';
import { quietSeed } from '../support/seeds';
import { pagedService } from './support/paged-service';
import type { Engine } from '../../../electron/core/engine/types';

const START = Date.parse('2026-03-10T06:00:00Z');
const KEY_A = 'ocs_host_A_key_1111aaaa';
const KEY_A2 = 'ocs_host_A_key_2222cccc';
const KEY_B = 'ocs_host_B_key_3333bbbb';

let h: Harness | undefined;
let log: WireEvent[];
let a: GateServer;
let b: GateServer;
let held: Gate;

beforeEach(async () => {
  log = [];
  held = gate();
  a = await startGateServer('A', log);
  b = await startGateServer('B', log);
  a.respond(pagedService({ name: 'Service A', startMs: START, hold: { page: 2, gate: held } }));
  b.respond(pagedService({ name: 'Service B', startMs: START }));
});
afterEach(async () => {
  held.open();
  await h?.close();
  h = undefined;
  await a.close();
  await b.close();
});

/** An engine on A with A's and B's keys stored, started, with page 2 of A's first walk held. */
async function walkHeldOnA(): Promise<{ engine: Engine; harness: Harness }> {
  const harness = await createHarness({ startMs: START, seed: quietSeed(1) });
  h = harness;
  await harness.files.writeAtomic(
    'settings.json',
    JSON.stringify({
      version: 2,
      accounts: [{ id: 'main', label: 'A', baseUrl: a.url, email: 'user1@example.com', schedules: [{ id: 'sch_a' }] }],
    }),
  );
  await harness.secrets.set(`main@${a.host}`, KEY_A);
  await harness.secrets.set(`main@${b.host}`, KEY_B);
  const engine = harness.engine();
  await engine.start();
  const page2 = await firstEvent(log, (e) => e.server === 'A' && e.kind === 'request' && e.query.get('page') === '2');
  expect(page2, 'the walk reached page 2 on A').toBeDefined();
  return { engine, harness };
}

const requests = (server: GateServer, after = 0): WireEvent[] =>
  server.events().filter((e) => e.kind === 'request' && e.seq > after);
const describeRequests = (events: WireEvent[]): string[] =>
  events.map((e) => `${e.server} ${e.path}?page=${e.query.get('page') ?? '-'} key=${e.apiKey}`);

describe('switching the service address while a page walk of the old one is under way', () => {
  it('drops the old walk before the new address is asked anything; no key crosses to the other host', async () => {
    const { engine, harness } = await walkHeldOnA();
    const switchedAt = log.length;
    const saved = await engine.handlers['settings:update']({ account: { baseUrl: b.url } });
    expect(saved.ok).toBe(true);
    await firstEvent(log, (e) => e.server === 'B' && e.kind === 'request');
    held.open();
    await harness.clock.settle();
    await harness.clock.advance(1_000);

    expect(describeRequests(requests(a).filter((e) => e.apiKey !== KEY_A)), 'requests to A with another key').toEqual(
      [],
    );
    expect(describeRequests(requests(b).filter((e) => e.apiKey !== KEY_B)), 'requests to B with another key').toEqual(
      [],
    );
    expect(describeRequests(requests(a, switchedAt)), 'requests to A after the switch').toEqual([]);
    const dropped = a.events().find((e) => e.kind === 'aborted' && e.query.get('page') === '2');
    const firstOnB = requests(b)[0];
    expect(dropped, 'page 2 on A was dropped').toBeDefined();
    expect(firstOnB, 'B was asked').toBeDefined();
    expect((dropped?.seq ?? Infinity) < (firstOnB?.seq ?? -Infinity), 'A was dropped before B was asked').toBe(true);
    const state = engine.getState();
    expect(state.sync.kind).toBe('ok');
    expect(state.schedules.map((s) => s.name)).toEqual(['Service B']);
  });
});

describe('replacing the key while a page walk is under way', () => {
  it('drops the old walk before anything is sent with the new key, and the old key is not sent again', async () => {
    const { engine, harness } = await walkHeldOnA();
    const changedAt = log.length;
    const set = await engine.handlers['key:set']({ accountId: 'main', key: KEY_A2 });
    expect(set.ok).toBe(true);
    await firstEvent(log, (e) => e.server === 'A' && e.kind === 'request' && e.apiKey === KEY_A2);
    held.open();
    await harness.clock.settle();
    await harness.clock.advance(1_000);

    expect(
      describeRequests(requests(a, changedAt).filter((e) => e.apiKey !== KEY_A2)),
      'requests after the change with the old key',
    ).toEqual([]);
    const dropped = a.events().find((e) => e.kind === 'aborted' && e.query.get('page') === '2');
    const firstNew = requests(a, changedAt)[0];
    expect(dropped, 'page 2 of the old walk was dropped').toBeDefined();
    expect((dropped?.seq ?? Infinity) < (firstNew?.seq ?? -Infinity), 'dropped before the new key was sent').toBe(true);
    expect(requests(b)).toEqual([]);
    expect(engine.getState().sync.kind).toBe('ok');
  });
});

describe('switching the service address while an action waits to look again', () => {
  it('the look after the grace is not sent to the old host with the new key: the old client is gone', async () => {
    const harness = await createHarness({ startMs: START, seed: quietSeed(1) });
    h = harness;
    // A gateway that loses the create's answer: the app looks at the schedule, waits a grace and looks again.
    a.respond(
      pagedService({
        name: 'Service A',
        startMs: START,
        fault: (r) => (r.method === 'POST' ? { status: 502, json: { message: 'bad gateway' } } : undefined),
      }),
    );
    await harness.files.writeAtomic(
      'settings.json',
      JSON.stringify({
        version: 2,
        accounts: [
          { id: 'main', label: 'A', baseUrl: a.url, email: 'user1@example.com', schedules: [{ id: 'sch_a' }] },
        ],
      }),
    );
    await harness.secrets.set(`main@${a.host}`, KEY_A);
    await harness.secrets.set(`main@${b.host}`, KEY_B);
    const engine = harness.engine();
    await engine.start();
    await harness.clock.advance(1_000);
    const creating = engine.handlers['override:create']({
      scheduleId: 'sch_a',
      window: { kind: 'next_hours', hours: 2 },
      emails: ['user2@example.com'],
    });
    const post = await firstEvent(log, (e) => e.server === 'A' && e.method === 'POST' && e.kind === 'request');
    expect(post, 'the create was sent to A').toBeDefined();
    expect(
      await firstEvent(
        log,
        (e) => e.server === 'A' && e.kind === 'answered' && e.seq > (post?.seq ?? 0) && e.path.endsWith('/shifts/'),
      ),
    ).toBeDefined();
    const switchedAt = log.length;
    expect((await engine.handlers['settings:update']({ account: { baseUrl: b.url } })).ok).toBe(true);
    const outcome = await harness.clock.runWhileAdvancing(creating);

    expect(describeRequests(requests(a).filter((e) => e.apiKey !== KEY_A)), 'requests to A with another key').toEqual(
      [],
    );
    expect(describeRequests(requests(a, switchedAt)), 'requests to A after the switch').toEqual([]);
    expect(outcome).toMatchObject({ ok: true, value: { status: 'unknown' } });
  });
});
