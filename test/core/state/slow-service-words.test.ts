// adv49 round 6, finding 4: a service that answers slowly (every request past the client's timeout) was called
// "Cannot reach the service" / "Offline" on every surface, while the tooltip's coverage line said "did not answer in
// time" in the same breath. The app knows only that no answer came in time; it does not know it is offline. Here the
// real client reads a loopback server that accepts and never answers, and a closed port (connection refused); its
// errors become the snapshot's problems as the sync does (problemOf), real deriveState, every surface through the
// registry. Failed before: "Cannot reach the service" (tray, status) and "Offline" (popover) for the silent server.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../electron/api/errors';
import { deriveState } from '../../../electron/core/state/derive';
import { problemOf } from '../../../electron/core/sync/apply';
import { everyText, type Surface } from '../../support/text-registry';
import { testClient } from '../../api/support/fixtures';
import { deriveInput, scheduleSnap, settingsWith, snapshotOf } from '../support/fixtures';

const ZONE = 'Europe/Berlin';
const nowMs = Date.parse('2026-11-29T07:10:00Z');
const savedAt = '2026-11-29T06:56:00Z'; // 07:56 in Berlin
const SURFACES: readonly Surface[] = ['tray-tooltip', 'tray-menu', 'popover', 'status'];
const settings = settingsWith({ schedules: [{ id: 'sch_p', name: 'Platform primary' }] });

let silent: Server;
const held: Socket[] = [];
let silentUrl = '';
let closedUrl = '';

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );

beforeAll(async () => {
  silent = createServer((socket) => held.push(socket)); // accepts, reads nothing, never answers
  silentUrl = `http://127.0.0.1:${await listen(silent)}`;
  const closed = createServer();
  closedUrl = `http://127.0.0.1:${await listen(closed)}`;
  await new Promise((resolve) => closed.close(resolve)); // nothing listens there any more: refused
});
afterAll(async () => {
  for (const s of held) s.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

/** What the real client gets reading the schedule and the coverage list at this address. */
async function errorsAt(url: string): Promise<ApiError[]> {
  const { client } = testClient(url, { timeoutMs: 150, maxTries: 1 });
  const results = await Promise.all([client.getSchedule('sch_p'), client.listCoverageRequests()]);
  client.close();
  return results.map((r) => {
    if (r.ok) throw new Error('the request was expected to fail');
    return r.error;
  });
}

/** Every surface's whole text with both reads failing so, with saved data from 07:56 or nothing saved. */
async function surfacesAt(url: string, saved: boolean): Promise<Map<Surface, string>> {
  const [scheduleError, coverageError] = await errorsAt(url);
  if (!scheduleError || !coverageError) throw new Error('two errors expected');
  const data = saved ? { shiftsFetchedAt: savedAt, detailsFetchedAt: savedAt } : {};
  const snap = snapshotOf([scheduleSnap('sch_p', [], { ...data, problem: problemOf(scheduleError, nowMs) })], {
    coverageProblem: problemOf(coverageError, nowMs),
    coverageFetchedAt: saved ? savedAt : null,
  });
  const state = deriveState(deriveInput({ snapshot: snap, nowMs, settings, localZone: ZONE }));
  const texts = new Map<Surface, string>();
  for (const t of everyText({ state, nowMs, localZone: ZONE }))
    texts.set(t.surface, `${texts.get(t.surface) ?? ''}\n${t.text}`);
  return texts;
}

describe('a service that does not answer in time is said so, never "offline" or "cannot reach"', () => {
  for (const saved of [false, true]) {
    it(`every surface says it did not answer in time (${saved ? 'saved data from 07:56' : 'nothing saved'})`, async () => {
      const texts = await surfacesAt(silentUrl, saved);
      for (const surface of SURFACES) {
        const text = texts.get(surface) ?? '';
        expect(text, surface).toMatch(/did not answer in time|Not answering/);
        expect(text, surface).not.toMatch(/Cannot reach|Offline|offline|unreachable|Could not reach/);
      }
      const tray = texts.get('tray-tooltip') ?? '';
      expect(tray).toContain(
        saved
          ? 'The service did not answer in time. Showing saved data from 07:56.'
          : 'The service did not answer in time. Nothing saved to show yet.',
      );
    });
  }

  it('a closed port (connection refused) says it cannot reach the service, on every surface', async () => {
    const texts = await surfacesAt(closedUrl, true);
    for (const surface of SURFACES) {
      const text = texts.get(surface) ?? '';
      expect(text, surface).toMatch(/Cannot reach the service|Offline|refused/);
      expect(text, surface).not.toMatch(/did not answer in time|Not answering/);
    }
    expect(texts.get('status')).toContain('Cannot reach the service: the connection was refused. Showing saved data');
  });
});
