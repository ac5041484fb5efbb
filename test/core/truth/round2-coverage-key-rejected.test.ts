// Issue 47, adversarial round 2, finding 2: coverage requests of an account whose key was rejected after a good read.
// No list is read after the refusal, so what the app lists is saved data from the read, scoped to that account, on
// every surface: the state's coverage status, the popover's coverage line and `status`. Real engine, two simulators on
// loopback, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { startSimulator } from '../../../electron/simulator/server';
import { serviceSeed } from '../../support/two-service-seeds';
import { coverageNote } from '../../../renderer/src/lib/status-model';
import { formatStatus } from '../../../electron/cli/status-format';

const MIN = 60_000;
const ZONE = 'Europe/Berlin';
let h: Harness | undefined;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await h?.close();
  await close?.();
  h = undefined;
  close = undefined;
});

describe('round 2 (2): coverage requests after the key is rejected', () => {
  it("are saved data from the last read, named as Acme's, not a fresh list", async () => {
    const startMs = Date.parse('2026-03-04T10:00:00Z');
    h = await createHarness({ startMs, seed: serviceSeed('ocs_work_key_1111', ['alice', 'bob']), files: 'fs' });
    const clock = h.clock;
    const seed = {
      ...serviceSeed('ocs_acme_key_2222', ['erin', 'frank']),
      coverage_requests: [
        {
          id: 'cov_wedding',
          user_id: 'usr_frank',
          reason: 'Wedding',
          status: 'pending',
          shifts: [{ start: '2026-03-07T08:00:00Z', end: '2026-03-08T08:00:00Z', schedule_id: 'sch_primary' }],
        },
      ],
    };
    const acme = await startSimulator({ seed, now: () => clock.now() });
    close = () => acme.close();
    const account = (id: string, label: string, baseUrl: string, email: string) => ({
      id,
      label,
      baseUrl,
      email,
      schedules: [{ id: 'sch_primary' }],
    });
    await h.files.writeAtomic(
      'settings.json',
      JSON.stringify({
        version: 2,
        startAtLogin: true,
        accounts: [
          account('work', 'Work', h.sim.url, 'alice@example.com'),
          account('acme', 'Acme', acme.url, 'erin@example.com'),
        ],
      }),
    );
    await h.secrets.set(`work@${new URL(h.sim.url).host}`, 'ocs_work_key_1111');
    await h.secrets.set(`acme@${new URL(acme.url).host}`, 'ocs_acme_key_2222');
    const engine = h.engine();
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
