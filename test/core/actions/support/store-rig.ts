// What the write-fault tests on the store server (store-server.ts) share: a server per test and a client on it,
// both closed after the test; a clock stuck at the test's now whose timers are real (verification waits on them);
// and the Berlin schedule as the server starts it.
import { afterEach, beforeEach } from 'vitest';
import type { OncallClient } from '../../../../electron/api/client-types';
import type { ScheduleSnapshot } from '../../../../electron/core/model/snapshot';
import type { Clock } from '../../../../electron/core/ports';
import { testClient } from '../../../api/support/fixtures';
import { alice, details, scheduleSnap, shift } from '../../support/fixtures';
import { BASE_FROM, BASE_TO, SCHEDULE_ID, startStoreServer, type StoreServer } from './store-server';

export interface StoreRig {
  /** The running test's store server. */
  readonly server: StoreServer;
  /** A test client on `s` (300 ms timeout), closed after the test. */
  client(s: StoreServer): OncallClient;
}

/** Registers the hooks; call it at the top of a test file. */
export function useStoreServer(): StoreRig {
  let server: StoreServer | undefined;
  const clients: OncallClient[] = [];
  beforeEach(async () => {
    server = await startStoreServer();
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server?.close();
    server = undefined;
  });
  return {
    get server() {
      if (!server) throw new Error('no store server outside a test');
      return server;
    },
    client(s) {
      const { client } = testClient(s.url, { timeoutMs: 300 });
      clients.push(client);
      return client;
    },
  };
}

export function fixedClock(nowMs: number): Clock {
  return {
    now: () => nowMs,
    setTimer: (ms, cb) => {
      const t = setTimeout(cb, ms);
      return () => clearTimeout(t);
    },
  };
}

/** A clock at `nowMs` that a test moves on (a user waiting before pressing again); timers run in real time. */
export function steppedClock(nowMs: number): Clock & { step: (ms: number) => void } {
  let at = nowMs;
  return { ...fixedClock(nowMs), now: () => at, step: (ms) => void (at += ms) };
}

/** "Berlin", Alice all along (as the server starts); with the Core team and when its shifts were read, if given. */
export function berlinAsStored(opts: { withTeam?: boolean; shiftsFetchedAt?: string } = {}): ScheduleSnapshot {
  const team = { id: 'tea_core', name: 'Core', description: 'Core team' };
  return scheduleSnap(SCHEDULE_ID, [shift(BASE_FROM, BASE_TO, alice)], {
    details: details('Berlin', 'Europe/Berlin', [alice], opts.withTeam ? { teams: [team] } : {}),
    ...(opts.shiftsFetchedAt ? { shiftsFetchedAt: opts.shiftsFetchedAt } : {}),
  });
}
