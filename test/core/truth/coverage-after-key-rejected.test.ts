// Issue 47, adversarial round 2, finding 2: coverage requests of an account whose key was rejected after a good read.
// No list is read after the refusal, so what the app lists is saved data from the read, scoped to that account, on
// every surface: the state's coverage status, the popover's coverage line and `status`. Real engine, two simulators on
// loopback, fake clock.
import { describe, expect, it } from 'vitest';
import { twoServices } from '../engine/support/two-services';
import { coverageNote } from '../../../renderer/src/lib/status-model';
import { formatStatus } from '../../../electron/cli/status-format';

const MIN = 60_000;
const ZONE = 'Europe/Berlin';

describe('round 2 (2): coverage requests after the key is rejected', () => {
  it("are saved data from the last read, named as Acme's, not a fresh list", async () => {
    const w = await twoServices(
      Date.parse('2026-03-04T10:00:00Z'),
      (seed) => {
        seed.coverage_requests = [
          {
            id: 'cov_wedding',
            user_id: 'usr_frank',
            reason: 'Wedding',
            status: 'pending',
            shifts: [{ start: '2026-03-07T08:00:00Z', end: '2026-03-08T08:00:00Z', schedule_id: 'sch_primary' }],
          },
        ];
      },
      {},
    );
    const { engine, acme } = w;
    const clock = w.harness.clock;
    await engine.start();
    await clock.advance(MIN);
    expect(engine.getState().coverage.askingMe).toHaveLength(1);
    acme.state.revokeKey('ocs_acme_key_2222');
    await clock.advance(30 * MIN);
    const state = engine.getState();
    expect(state.accounts.find((a) => a.id === 'acme')?.sync.kind).toBe('key_rejected');
    // The list still shows the request (it was read), but as saved data from 11:00 Berlin, Acme's.
    expect(state.coverage.askingMe).toHaveLength(1);
    expect(state.coverage.status.kind).toBe('stale');
    const ctx = { nowMs: clock.now(), locale: 'en-GB', localZone: ZONE };
    expect(coverageNote(state, ctx) ?? '').toMatch(/Acme.*saved data from 11:00|saved data from 11:00.*Acme/);
    const status = formatStatus(state, { nowMs: clock.now(), localZone: ZONE });
    const coverage = status.split('\n').find((l) => l.startsWith('Coverage requests'));
    expect(coverage).toMatch(/saved data from 11:00/);
  });
});
