// "Add another service" = check, then save (issue 34, cases 5 and 12): Work's simulator and a second one (Acme) on
// loopback. A failed add leaves nothing behind (no settings entry, no keychain entry, Work's key untouched), says on
// which field the problem is (key, address, schedule), and a schedule id past 128 characters or the same address and
// e-mail as an account already there is refused before any request. A complete add saves both and Acme is read.
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountAddRequest } from '../../../electron/shared/action-schemas';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/server';
import { createHarness, type Harness } from '../support/engine-harness';
import { KEY_ACME, KEY_WORK, serviceSeed } from './support/two-services';
import { RECORD_KEY_ACCOUNT } from '../../../electron/core/storage/record-key';

const START = Date.parse('2026-03-04T12:00:00Z');
let harness: Harness | undefined;
let acme: RunningSimulator | undefined;
afterEach(async () => {
  await harness?.close();
  await acme?.close().catch(() => undefined);
  harness = acme = undefined;
});

async function workAlone() {
  harness = await createHarness({ startMs: START, seed: serviceSeed(KEY_WORK, ['alice', 'bob']), files: 'fs' });
  acme = await startSimulator({ seed: serviceSeed(KEY_ACME, ['erin', 'frank']), now: () => harness!.clock.now() });
  const settings = {
    version: 2,
    accounts: [
      {
        id: 'work',
        label: 'Work',
        baseUrl: harness.sim.url,
        email: 'alice@example.com',
        schedules: [{ id: 'sch_primary' }],
      },
    ],
  };
  await harness.files.writeAtomic('settings.json', JSON.stringify(settings));
  await harness.secrets.set(`work@${new URL(harness.sim.url).host}`, KEY_WORK);
  const engine = harness.engine();
  await engine.start();
  await harness.clock.advance(5_000);
  const typed: AccountAddRequest = {
    label: 'Acme',
    baseUrl: acme.url,
    key: KEY_ACME,
    email: 'erin@example.com',
    schedules: ['sch_primary'],
  };
  const settingsFile = async () => (await harness!.files.read('settings.json')) ?? '';
  return { h: harness, acme, engine, typed, settingsFile, before: await settingsFile() };
}

/** A refusal's problems as the form shows them: "field: message". */
const problems = (answer: { ok: boolean; error?: { problems?: { field: string; message: string }[] } }) =>
  (answer.error?.problems ?? []).map((p) => `${p.field}: ${p.message}`);

/** The keychain as a test reads it: the entries and Work's key. */
// The API keys (the install's record key, which signs the app's own records, is no account's: record-key.ts).
const keychain = (h: Harness) => [...h.secrets.entries.keys()].filter((k) => k !== RECORD_KEY_ACCOUNT).sort();

describe('add another service: check, then save', () => {
  it('a schedule the service does not have: nothing saved, the schedule field says so, Work untouched', async () => {
    const { h, engine, typed, settingsFile, before } = await workAlone();
    const answer = await engine.handlers['account:add']({ ...typed, schedules: ['sch_primary', 'sch_nowhere'] });
    expect(answer.ok).toBe(false);
    expect(problems(answer)).toHaveLength(1);
    expect(problems(answer)[0]).toMatch(/^schedules: sch_nowhere: /);
    expect(await settingsFile()).toBe(before);
    expect(engine.getState().accounts.map((a) => a.id)).toEqual(['work']);
    expect(keychain(h)).toEqual([`work@${new URL(h.sim.url).host}`]);
    expect(h.secrets.entries.get(`work@${new URL(h.sim.url).host}`)).toBe(KEY_WORK);
    expect(engine.getState().accounts[0]?.sync.kind).toBe('ok');
  });

  it('a key the service refuses: on the key field, nothing saved, the key never sent to Work', async () => {
    const { h, acme, engine, typed, settingsFile, before } = await workAlone();
    const workRequests = h.sim.requests.count();
    const answer = await engine.handlers['account:add']({ ...typed, key: 'ocs_wrong_key_0000' });
    expect(answer.ok ? [] : answer.error.problems?.map((p) => p.field)).toEqual(['key']);
    expect(acme.requests.count({ status: 401 })).toBeGreaterThan(0);
    expect(h.sim.requests.count({ status: 401 })).toBe(0);
    expect(h.sim.requests.count()).toBe(workRequests);
    expect([await settingsFile(), keychain(h).length]).toEqual([before, 1]);
  });

  it('an address that answers but is not the on-call API (wrong path): on the address field', async () => {
    const { h, acme, engine, typed, settingsFile, before } = await workAlone();
    const answer = await engine.handlers['account:add']({ ...typed, baseUrl: `${acme.url}/v2/oncall` });
    expect(problems(answer)).toHaveLength(1);
    expect(problems(answer)[0]).toMatch(/^baseUrl: This address answers, but not as the on-call API/);
    expect([await settingsFile(), keychain(h).length]).toEqual([before, 1]);
  });

  it('refuses before any request: an id past 128 characters, the same address and e-mail as Work', async () => {
    const { h, acme, engine, typed, settingsFile, before } = await workAlone();
    const sent = [acme.requests.count(), h.sim.requests.count()];
    const long = await engine.handlers['account:add']({
      ...typed,
      schedules: [`https://x.example/schedules/sch_${'a'.repeat(1_970)}`],
    });
    expect(problems(long)).toHaveLength(1);
    expect(problems(long)[0]).toMatch(/^schedules: .*at most 128 characters/);
    const twice = await engine.handlers['account:add']({
      ...typed,
      label: 'Work again',
      baseUrl: `${h.sim.url}/`,
      key: KEY_WORK,
      email: 'Alice@example.com',
    });
    expect(problems(twice)).toEqual([
      'baseUrl: This is the same service as Work (same address and e-mail): every reminder would come twice.',
    ]);
    expect([acme.requests.count(), h.sim.requests.count()]).toEqual(sent);
    expect([await settingsFile(), keychain(h).length]).toEqual([before, 1]);
  });

  it('everything checks out: the account with its schedules’ names and its own key entry; Acme is read', async () => {
    const { h, acme, engine, typed } = await workAlone();
    const answer = await engine.handlers['account:add'](typed);
    const added = answer.ok ? answer.value : undefined;
    expect([added?.id, added?.label, added?.baseUrl, added?.email]).toEqual([
      'acme',
      'Acme',
      acme.url,
      'erin@example.com',
    ]);
    expect(added?.schedules.map((s) => [s.id, typeof s.name])).toEqual([['sch_primary', 'string']]);
    expect(h.secrets.entries.get(`acme@${new URL(acme.url).host}`)).toBe(KEY_ACME);
    expect(h.secrets.entries.get(`work@${new URL(h.sim.url).host}`)).toBe(KEY_WORK);
    await h.clock.advance(5_000);
    const state = engine.getState();
    expect(state.accounts.map((a) => [a.id, a.hasKey, a.sync.kind])).toEqual([
      ['work', true, 'ok'],
      ['acme', true, 'ok'],
    ]);
    expect([acme.requests.count({ status: 401 }), h.sim.requests.count({ status: 401 })]).toEqual([0, 0]);
  });
});
