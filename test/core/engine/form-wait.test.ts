// The service's Retry-After as the settings forms say it (issue 47, adv47 r35): "Add another service" read a dated
// Retry-After against another clock than the app's ("Try again in 0 s." for a wait 4 h ahead) and said a 503's wait
// as "Try again later."; "Add schedule" sent while "Refresh now" held back for the tray's "The service asked to
// wait until 22:01; the app tries again at 20:16."; a held 429 was said again without its time. Real engine, real
// loopback simulators, fake clock; the times expected are worked out here with Intl, not by the app's formatter.
import { describe, expect, it } from 'vitest';
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

/** "22:01" on the day of `nowMs`, "Thu 00:00" on another (Berlin), the instant rounded up to its minute. */
function shown(ms: number, nowMs: number): string {
  const up = Math.ceil(ms / MIN) * MIN;
  const part = (at: number, o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, ...o }).format(at);
  const hm = part(up, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const sameDay = part(up, { dateStyle: 'short' }) === part(nowMs, { dateStyle: 'short' });
  return sameDay ? hm : `${part(up, { weekday: 'short' })} ${hm}`;
}

async function world() {
  const h = await createHarness({ startMs: T0, seed: serviceSeed(KEY, ['alice', 'bob']) });
  const account = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'alice@example.com' };
  const schedules = [{ id: 'sch_primary' }];
  await h.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, startAtLogin: true, accounts: [{ ...account, schedules }] }),
  );
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, KEY);
  const e = h.engine({ alarms: false, localZone: ZONE });
  await e.start();
  await h.clock.advance(MIN);
  return { h, e };
}

async function addAnswer(status: number, retryAfter: string) {
  const { h, e } = await world();
  const acme = await startSimulator({ seed: serviceSeed('ocs_acme_2', ['erin', 'bob']), now: () => h.clock.now() });
  acme.faults.set('*', { status, retryAfter });
  const add = {
    label: 'Acme',
    baseUrl: acme.url,
    key: 'ocs_acme_2',
    email: 'erin@example.com',
    schedules: ['sch_primary'],
  };
  const r = await e.handlers['account:add'](add);
  const nowMs = h.clock.now();
  await e.stop();
  await acme.close();
  return { said: r.ok ? 'added' : r.error.message, nowMs };
}

describe('the service asked to wait: the settings forms say it as the tray does', () => {
  for (const [status, ahead] of [
    [429, 4 * 60 * MIN],
    [429, 10 * MIN],
    [503, 4 * 60 * MIN],
  ] as const)
    it(`Add another service: ${status} with an HTTP-date Retry-After ${ahead / MIN} min ahead names that time`, async () => {
      const untilMs = T0 + MIN + ahead;
      const { said, nowMs } = await addAnswer(status, new Date(untilMs).toUTCString());
      expect(said).toContain(`The service asked to wait until ${shown(untilMs, nowMs)}.`);
      expect(said).not.toMatch(/Try again|\b0 s\b/);
    }, 60_000);

  it('Add another service: 503 with Retry-After in seconds names the time, not "Try again later"', async () => {
    const { said, nowMs } = await addAnswer(503, '7200');
    expect(said).toContain('(HTTP 503)');
    expect(said).toContain(`The service asked to wait until ${shown(nowMs + 7200_000, nowMs)}.`);
    expect(said).not.toMatch(/Try again/);
  }, 60_000);

  it("Add schedule while the account's 503 wait holds: nothing sent, the tray's words", async () => {
    const { h, e } = await world();
    h.sim.faults.set('*', { status: 503, retryAfter: '7200' });
    const askedAt = h.clock.now();
    await e.handlers['sync:refresh'](null);
    await h.clock.advance(MIN);
    const sync = e.getState().accounts[0]?.sync;
    const tray = sync !== undefined && 'message' in sync ? sync.message : '';
    const wait = /The service asked to wait until [^;.]+; the app tries again at [0-9:]+/.exec(tray)?.[0];
    expect(wait).toContain(`until ${shown(askedAt + 7200_000, h.clock.now())};`);
    h.sim.requests.clear();
    const r = await e.handlers['schedule:check']({ input: 'sch_primary', accountId: WORK });
    const sent = h.sim.requests.count();
    await e.stop();
    expect(sent).toBe(0);
    expect(r.ok ? 'found' : r.error.message).toBe(`${wait ?? '?'}, so nothing was sent. Check it again then.`);
  }, 60_000);

  it('Add schedule after its own 429: the held wait is said with its time, and nothing is sent again', async () => {
    const { h, e } = await world();
    // Only the form's schedule answers 429: the sync's reads go on, so only the form's own wait holds.
    h.sim.faults.set('getSchedule', { status: 429, retryAfter: '600', pathIncludes: '/schedules/sch_secondary' });
    const check = () => e.handlers['schedule:check']({ input: 'sch_secondary', accountId: WORK });
    const firstAt = h.clock.now();
    const first = await check();
    await h.clock.advance(MIN);
    h.sim.faults.set('getSchedule', { status: 503, pathIncludes: '/schedules/sch_secondary' });
    h.sim.requests.clear();
    const again = await check();
    const sent = h.sim.requests.count({ status: 503 });
    await e.stop();
    const until = `The service asked to wait until ${shown(firstAt + 600_000, h.clock.now())}.`;
    expect(first.ok ? 'found' : first.error.message).toContain(until);
    expect(sent).toBe(0);
    const said = again.ok ? 'found' : again.error.message;
    expect(said).toContain('rate limited');
    expect(said).toContain(until);
  }, 60_000);
});
