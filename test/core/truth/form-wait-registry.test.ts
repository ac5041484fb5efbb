// The settings forms' answers through the registry beside a known wait (issue 47, adv47 r35): while the service's
// wait is in force, every surface says "The service asked to wait until …", and no form answer beside it may say
// "Try again later" or "0 s" (before: "Add schedule" said "The on-call service had a problem (HTTP 503). Try again
// later."; "Add another service" said "Try again in 0 s." to a wait hours ahead). Real engine, loopback simulators,
// fake clock; the form answers go in as the registry's engine answers.
import { describe, expect, it } from 'vitest';
import { everyText } from '../../support/text-registry';
import type { WriteAnswer } from '../../support/text-registry-writes';
import { serviceSeed } from '../../support/two-service-seeds';
import { createHarness } from '../support/engine-harness';
import { startSimulator } from '../../../electron/simulator/server';
import { parseAccountId, type AccountId } from '../../../electron/shared/accounts';

const T0 = Date.parse('2026-03-04T19:00:00Z');
const KEY = 'ocs_work_key_1111';
const ZONE = 'Europe/Berlin';
const MIN = 60_000;
const WORK: AccountId = (() => {
  const id = parseAccountId('work');
  if (id === null) throw new Error('not an account id: work');
  return id;
})();

describe('form answers beside a known wait, through the registry', () => {
  it('no form answer says "Try again later" or "0 s" while the service asked to wait', async () => {
    const h = await createHarness({ startMs: T0, seed: serviceSeed(KEY, ['alice', 'bob']) });
    const account = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'alice@example.com' };
    const settings = { version: 2, startAtLogin: true, accounts: [{ ...account, schedules: [{ id: 'sch_primary' }] }] };
    await h.files.writeAtomic('settings.json', JSON.stringify(settings));
    await h.secrets.set(`work@${new URL(h.sim.url).host}`, KEY);
    const e = h.engine({ alarms: false, localZone: ZONE });
    await e.start();
    await h.clock.advance(MIN);
    h.sim.faults.set('*', { status: 503, retryAfter: '7200' });
    await e.handlers['sync:refresh'](null);
    await h.clock.advance(MIN);
    const answers: WriteAnswer[] = [];
    const told = (kind: string, r: { ok: true } | { ok: false; error: { kind: string; message: string } }) =>
      answers.push({ world: 'fresh', kind, outcome: r.ok ? 'ok' : r.error.kind, text: r.ok ? '' : r.error.message });
    told('schedule:check', await e.handlers['schedule:check']({ input: 'sch_primary', accountId: WORK }));
    const acme = await startSimulator({ seed: serviceSeed('ocs_acme_2', ['erin', 'bob']), now: () => h.clock.now() });
    const add = { label: 'Acme', baseUrl: acme.url, key: 'ocs_acme_2', email: 'erin@example.com', schedules: [] };
    for (const [status, retryAfter] of [
      [429, new Date(h.clock.now() + 240 * MIN).toUTCString()],
      [429, new Date(h.clock.now() + 10 * MIN).toUTCString()],
      [503, '7200'],
      [503, new Date(h.clock.now() + 240 * MIN).toUTCString()],
    ] as const) {
      acme.faults.set('*', { status, retryAfter });
      told(
        `account:add ${status} ${retryAfter}`,
        await e.handlers['account:add']({ ...add, schedules: ['sch_primary'] }),
      );
    }
    const said = everyText({ state: e.getState(), nowMs: h.clock.now(), localZone: ZONE, writes: answers });
    await e.stop();
    await acme.close();
    // The wait is known: the surfaces say it.
    expect(said.some((s) => s.surface !== 'write-answer' && s.text.includes('The service asked to wait until'))).toBe(
      true,
    );
    const forms = said.filter((s) => s.surface === 'write-answer');
    expect(forms).toHaveLength(answers.length);
    for (const f of forms) {
      expect(f.text, f.kind).not.toMatch(/try again later|\b0 s\b/i);
      expect(f.text, f.kind).toContain('The service asked to wait until');
    }
  }, 60_000);
});
