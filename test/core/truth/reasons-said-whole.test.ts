// Issue 47, "no text is patched after it is made": a schedule's or the coverage list's reason is the sentence its
// maker wrote (often two: "Could not reach the on-call service. Check your connection."). `status`, the hand-off
// summary and the coverage line say it whole, never cut into a parenthesis with its last full stop taken off (which
// read "(Could not reach the on-call service. Check your connection)"). Failed before on all three.
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { deriveState } from '../../../electron/core/state/derive';
import { buildHandoffSummary } from '../../../electron/core/state/handoff-summary';
import { syncStatus } from '../../../electron/core/state/status';
import { coverageFreshnessText } from '../../../electron/shared/coverage-words';
import {
  SETUP_OK,
  alice,
  details,
  deriveInput,
  me,
  ms,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';

const NOW = '2026-03-02T10:00:00Z';
const READ = '2026-03-02T09:00:00Z';
const FAILED = '2026-03-02T09:58:00Z';
const REASON = 'Could not reach the on-call service. Check your connection.';
const problem = { kind: 'network', message: REASON, at: FAILED };

function failingState() {
  const saved = scheduleSnap('sch_saved', [shift('2026-03-02T08:00:00Z', '2026-03-02T16:00:00Z', alice)], {
    details: details('Platform', 'Europe/Berlin', [alice, me]),
    detailsFetchedAt: READ,
    shiftsFetchedAt: READ,
    problem,
  });
  const never = scheduleSnap('sch_never', [], { problem });
  const settings = settingsWith({ schedules: [{ id: 'sch_saved' }, { id: 'sch_never' }] });
  const snapshot = snapshotOf([saved, never], { coverageProblem: problem, coverageFetchedAt: null });
  return deriveState(deriveInput({ snapshot, nowMs: ms(NOW), settings }));
}

describe('issue 47: a reason is said whole, as the sentence it was made', () => {
  const state = failingState();
  const o = { nowMs: ms(NOW), localZone: 'Europe/Berlin' };

  it("`status` says a stale schedule's reason whole after what it shows", () => {
    const text = formatStatus(state, o);
    expect(text).toContain(`Platform [sch_saved] (Berlin) — stale; showing saved data from 10:00: ${REASON}\n`);
    expect(text).not.toContain('Check your connection)');
  });

  it("the hand-off summary says a schedule it couldn't load with its reason whole", () => {
    const text = buildHandoffSummary(state, o);
    expect(text).toContain(`sch_never: unknown, couldn't load: ${REASON}`);
    expect(text).not.toContain('Check your connection)');
  });

  it("the coverage line says why the list couldn't be loaded whole, as `status` does", () => {
    expect(coverageFreshnessText(state, o)).toBe(`Coverage requests: couldn't load: ${REASON}`);
    expect(formatStatus(state, o)).toContain(`Coverage requests: couldn't load: ${REASON}`);
  });
});

describe("issue 47: the service's wait is a sentence of its own after the status's", () => {
  it('keeps the reason whole ("… Try again later.") and says the wait after it, never "later; the service asked"', () => {
    const reason = 'The on-call service had a problem (HTTP 503). Try again later.';
    const failed = { kind: 'server', message: reason, at: FAILED };
    const one = scheduleSnap('sch_a', [], { problem: failed });
    const settings = settingsWith({ schedules: [{ id: 'sch_a' }] });
    const snapshot = snapshotOf([one], { coverageProblem: failed, coverageFetchedAt: null });
    const byId = new Map([[one.id, one]]);
    const wait = 'The service asked to wait until 10:30';
    const sync = syncStatus(snapshot, SETUP_OK, settings, byId, { keyFromEnvironment: false, wait });
    expect(sync.kind === 'ok' ? '' : sync.message).toBe(`${reason} The service asked to wait until 10:30.`);
  });
});
