// Issue 19, case 4: the generic fallbacks. Something inside the app throws AFTER a write left it (folding the
// answer into the snapshot, a take-over's bookkeeping): the answer must say the outcome is unknown, never
// "try again" (trying again would be a second write), and nothing is sent twice. A throw BEFORE anything was sent
// may still say "try again": nothing was sent.
import { describe, expect, it } from 'vitest';
import type { ActionDeps } from '../../../electron/core/actions/common';
import { overrideCreate, overrideCreator } from '../../../electron/core/actions/override';
import { chatGroupPut, teamUpdate } from '../../../electron/core/actions/resources';
import { takeOverNow } from '../../../electron/core/actions/take-over';
import type { TakeOverDeps } from '../../../electron/core/actions/take-over-write';
import type { Snapshot } from '../../../electron/core/model/snapshot';
import type { OverrideRequest } from '../../../electron/shared/ipc-contract';
import { settingsWith, snapshotOf } from '../support/fixtures';
import { SCHEDULE_ID, type StoreServer } from './support/store-server';
import { berlinAsStored, fixedClock, useStoreServer } from './support/store-rig';
import { textMatching } from '../../support/matchers';

const NOW = Date.parse('2026-03-25T10:00:00Z');
const BOB_TWO_HOURS: OverrideRequest = {
  scheduleId: SCHEDULE_ID,
  window: { kind: 'next_hours', hours: 2 },
  emails: ['bob@example.com'],
};
const writes = (s: StoreServer) => s.requests.filter((r) => !r.startsWith('GET'));

const store = useStoreServer();

/** Deps whose snapshot can't be written once a write reached the service (a disk full, a listener that throws). */
function depsFor(s: StoreServer, failAfterWrite = true): TakeOverDeps {
  const client = store.client(s);
  const at = new Date(NOW).toISOString();
  const berlin = berlinAsStored({ withTeam: true, shiftsFetchedAt: at });
  let snap: Snapshot = snapshotOf([berlin]);
  const deps: ActionDeps = {
    clock: fixedClock(NOW),
    client: () => client,
    settings: () => settingsWith({ schedules: [{ id: SCHEDULE_ID }] }),
    snapshot: {
      get: () => snap,
      set: (next) => {
        if (failAfterWrite && writes(s).length > 0) throw new RangeError('the snapshot could not be kept');
        snap = next;
      },
    },
    refresh: async () => undefined,
    verifyGraceMs: 20,
  };
  return { ...deps, create: overrideCreator(deps), statusOf: () => ({ kind: 'fresh', at }) };
}

const NEVER_TRY_AGAIN = /try again|trying again/i;

describe('a failure inside the app after the write was sent', () => {
  it('override:create: the outcome is unknown (not "try again"), and it is not sent twice', async () => {
    const create = overrideCreate(depsFor(store.server));
    const first = await create(BOB_TWO_HOURS);
    expect(first).toMatchObject({
      ok: true,
      value: { status: 'unknown', message: textMatching(/unknown whether it was saved/) },
    });
    expect(first.ok && 'message' in first.value && first.value.message).not.toMatch(NEVER_TRY_AGAIN);
    expect(store.server.overrides).toHaveLength(1);
    expect(writes(store.server)).toHaveLength(1);
  });

  it('take-over:now: a throw after the create left says the outcome is unknown', async () => {
    const deps = depsFor(store.server, false);
    const create = deps.create;
    // The create goes out; then the take-over's own work after it fails.
    const take = takeOverNow({
      ...deps,
      create: async (request, note) => {
        await create(request, note);
        throw new TypeError('bookkeeping failed');
      },
    });
    const answer = await take({ scheduleId: SCHEDULE_ID });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'outcome_unknown', message: textMatching(/unknown whether it was saved/) },
    });
    expect(!answer.ok && answer.error.message).not.toMatch(NEVER_TRY_AGAIN);
    expect(writes(store.server)).toHaveLength(1);
  });

  it('team:update: folding the saved team into the snapshot fails, so it says unknown', async () => {
    const answer = await teamUpdate(depsFor(store.server))({ teamId: 'tea_core', name: 'Core SRE' });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'outcome_unknown' } });
    expect(!answer.ok && answer.error.message).not.toMatch(NEVER_TRY_AGAIN);
    expect(store.server.team.name).toBe('Core SRE');
  });

  it('chat-group:put: folding the group into the snapshot fails, so it says unknown', async () => {
    const answer = await chatGroupPut(depsFor(store.server))({
      scheduleId: SCHEDULE_ID,
      name: 'Berlin',
      handle: 'berlin',
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'outcome_unknown' } });
    expect(!answer.ok && answer.error.message).not.toMatch(NEVER_TRY_AGAIN);
    expect(writes(store.server)).toHaveLength(1);
  });
});

describe('a failure inside the app before anything was sent', () => {
  it('still says it went wrong inside the app, and nothing reached the service', async () => {
    const deps = depsFor(store.server, false);
    const broken: ActionDeps = {
      ...deps,
      settings: () => {
        throw new TypeError('settings unreadable');
      },
    };
    const answer = await overrideCreate(broken)(BOB_TWO_HOURS);
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'internal', message: textMatching(/inside the app/) },
    });
    expect(writes(store.server)).toHaveLength(0);
  });
});
