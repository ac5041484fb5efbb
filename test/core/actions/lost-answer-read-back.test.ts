// lost-answers.json (lost-answer-store.ts) is read back like every file (issue 52): a file not of its shape is kept
// aside and said, and nothing of it is used; an entry dated ahead of the clock or on a schedule not watched is
// dropped and said once (the file kept aside) while the entries that hold still keep the settle after the restart.
// Each entry is signed with the install's record key (adv52 r13 #2): one copied from another install, or widened by
// hand, is dropped and said once, and the user's create goes through at once. Real engine, simulator, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { NO_RECORD_KEY_MESSAGE, RECORD_KEY_ACCOUNT, signerOf } from '../../../electron/core/storage/record-key';

const FILE = 'lost-answers.json';
const START = Date.parse('2026-03-25T10:00:00Z');
const REQ = {
  scheduleId: 'sch_berlin',
  window: { kind: 'custom' as const, start: '2026-03-25T12:00:00.000Z', end: '2026-03-25T14:00:00.000Z' },
  emails: ['bob@example.com'],
};

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

async function started(hh: Harness): Promise<Engine> {
  const e = hh.engine();
  await e.start();
  await hh.clock.advance(1_000);
  return e;
}

/** A lost answer's entry as another install wrote it (World A: a real 504), for a fresh install (World B). */
async function entryOfAnotherInstall(): Promise<Record<string, unknown>> {
  const a = await createHarness({ startMs: START, seed: threeZoneSeed() });
  try {
    await seedSettings(a, { email: ME, scheduleIds: ['sch_berlin'] });
    const e = await started(a);
    a.sim.faults.set('createOverride', { status: 504, applyAfterMs: 10 * 3_600_000, times: 1 });
    await a.clock.runWhileAdvancing(e.handlers['override:create'](REQ));
    await e.stop();
    const parsed: unknown = JSON.parse((await a.files.read(FILE)) ?? '{}');
    const entry: unknown =
      typeof parsed === 'object' && parsed !== null && 'entries' in parsed && Array.isArray(parsed.entries)
        ? parsed.entries[0]
        : undefined;
    if (typeof entry !== 'object' || entry === null) throw new Error('not written');
    return { ...entry };
  } finally {
    await a.close();
  }
}

const WHOLE_DAY = { start: '2026-03-25T00:00:00.000Z', end: '2026-03-26T00:00:00.000Z' };

/** A first create answered 504 (applied 30 s later); the app stops; `edit` rewrites the file; the app starts again. */
type Resign = (entry: Record<string, unknown>) => Record<string, unknown>;

async function restartedWith(
  edit: (file: { version: number; entries: Record<string, unknown>[] }, resign: Resign) => unknown,
) {
  const hh = await createHarness({ startMs: START, seed: threeZoneSeed() });
  h = hh;
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_berlin'] });
  const first = await started(hh);
  hh.sim.faults.set('createOverride', { status: 504, applyAfterMs: 30_000, times: 1 });
  await hh.clock.runWhileAdvancing(first.handlers['override:create'](REQ));
  await first.stop();
  const text = (await hh.files.read(FILE)) ?? '';
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || !('entries' in parsed) || !Array.isArray(parsed.entries))
    throw new Error(`not written: ${text}`);
  const entries: unknown[] = parsed.entries;
  const file = { version: 1, entries: entries.flatMap((e) => (typeof e === 'object' && e !== null ? [{ ...e }] : [])) };
  // This install's own MAC over an edited entry: what only someone holding the keychain's record key could write.
  const signer = signerOf(Buffer.from(hh.secrets.entries.get(RECORD_KEY_ACCOUNT) ?? '', 'base64'), false);
  const resign: Resign = ({ key, mac: _mac, ...rest }) => ({ key, ...rest, mac: signer.sign(FILE, String(key), rest) });
  await hh.files.writeAtomic(FILE, JSON.stringify(edit(file, resign)));
  const second = await started(hh);
  const notices = () => second.getState().notices.map((n) => n.message);
  /** The copies kept aside (the harness's data folder is in memory: a backup is `<file>.bad-<n>`). */
  const backups = async () => ((await hh.files.read(`${FILE}.bad-1`)) === undefined ? [] : ['bad-1']);
  const pressAgain = () => hh.clock.runWhileAdvancing(second.handlers['override:create'](REQ));
  return { hh, second, notices, backups, pressAgain };
}

describe('lost-answers.json read back', () => {
  it('is written with the lost answer, and read back as is it keeps the settle with nothing said', async () => {
    const r = await restartedWith((f) => f);
    expect(r.notices().filter((m) => /answer was lost/.test(m))).toHaveLength(0);
    const b = await r.pressAgain();
    expect(b.ok && b.value.status).toBe('unknown');
    expect(r.hh.sim.requests.count({ route: 'createOverride' })).toBe(1);
    expect(await r.backups()).toHaveLength(0);
  }, 30_000);

  it('a file of the wrong shape is said, kept aside, and nothing of it used', async () => {
    const r = await restartedWith((f) => ({ ...f, entries: f.entries.map((e) => ({ ...e, atMs: 'soon' })) }));
    expect(r.notices().filter((m) => /answer was lost could not be read/.test(m))).toHaveLength(1);
    expect(await r.backups()).toHaveLength(1);
  }, 30_000);

  it('an entry dated ahead or on a schedule not watched is dropped and said once; the one that holds is kept', async () => {
    const r = await restartedWith((f) => {
      const [e] = f.entries;
      if (!e) throw new Error('no entry');
      const ahead = { ...e, atMs: START + 3_600_000 };
      const plan = e.plan as Record<string, unknown>;
      const key = String(e.key).replace('sch_berlin', 'sch_other');
      const other = { ...e, key, plan: { ...plan, scheduleId: 'sch_other' } };
      return { ...f, entries: [e, ahead, other] };
    });
    const said = r.notices().filter((m) => /answer was lost/.test(m));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/a write dated ahead of the clock; a write on a schedule not watched/);
    expect(await r.backups()).toHaveLength(1);
    const b = await r.pressAgain();
    expect(b.ok && b.value.status).toBe('unknown');
    expect(r.hh.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 30_000);

  it('an entry copied from another install is dropped, said once, kept aside: the create goes through at once', async () => {
    const entry = await entryOfAnotherInstall();
    const bStart = START + 3_600_000;
    const hh = await createHarness({ startMs: bStart, seed: threeZoneSeed() });
    h = hh;
    await seedSettings(hh, { email: ME, scheduleIds: ['sch_berlin'] });
    await hh.files.writeAtomic(FILE, JSON.stringify({ version: 1, entries: [{ ...entry, atMs: bStart - 60_000 }] }));
    const e = await started(hh);
    const said = e.getState().notices.filter((n) => /answer was lost/.test(n.message));
    expect(said).toHaveLength(1);
    expect(said[0]?.message).toMatch(/an entry the app didn't write/);
    expect(await hh.files.read(`${FILE}.bad-1`)).toBeDefined();
    const r = await hh.clock.runWhileAdvancing(e.handlers['override:create'](REQ));
    expect(r.ok && r.value.status).toBe('created');
    expect(hh.sim.requests.count({ route: 'createOverride' })).toBe(1);
    await hh.clock.advance(60_000);
    expect(e.getState().notices.filter((n) => /answer was lost/.test(n.message))).toHaveLength(1);
  }, 30_000);

  it('an own entry widened by hand (lost, the whole day) is dropped and said once: another window is created at once', async () => {
    const r = await restartedWith((f) => ({
      ...f,
      entries: f.entries.map((e) => {
        const plan = e.plan as { input: Record<string, unknown> };
        const window = { startMs: Date.parse(WHOLE_DAY.start), endMs: Date.parse(WHOLE_DAY.end) };
        return { ...e, lost: true, plan: { ...plan, ...window, input: { ...plan.input, ...WHOLE_DAY } } };
      }),
    }));
    const said = r.notices().filter((m) => /answer was lost/.test(m));
    expect(said).toHaveLength(1);
    expect(await r.backups()).toHaveLength(1);
    const other = {
      ...REQ,
      window: { ...REQ.window, start: '2026-03-25T15:00:00.000Z', end: '2026-03-25T16:00:00.000Z' },
    };
    const b = await r.hh.clock.runWhileAdvancing(r.second.handlers['override:create'](other));
    expect(b.ok && b.value.status).toBe('created');
    expect(r.hh.sim.requests.count({ route: 'createOverride' })).toBe(2);
  }, 30_000);

  it("a widened entry signed with the install's own key is still dropped: its plan window is not its key's", async () => {
    const r = await restartedWith((f, resign) => ({
      ...f,
      entries: f.entries.map((e) => {
        const plan = e.plan as { input: Record<string, unknown> };
        const window = { startMs: Date.parse(WHOLE_DAY.start), endMs: Date.parse(WHOLE_DAY.end) };
        return resign({ ...e, lost: true, plan: { ...plan, ...window, input: { ...plan.input, ...WHOLE_DAY } } });
      }),
    }));
    const said = r.notices().filter((m) => /answer was lost/.test(m));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/a write whose window does not hold together/);
    const other = {
      ...REQ,
      window: { ...REQ.window, start: '2026-03-25T15:00:00.000Z', end: '2026-03-25T16:00:00.000Z' },
    };
    const b = await r.hh.clock.runWhileAdvancing(r.second.handlers['override:create'](other));
    expect(b.ok && b.value.status).toBe('created');
  }, 30_000);

  it('an entry signed by the app but naming no address or user it was sent to is dropped and said once (failed before)', async () => {
    // Signed, so no check but the origin can tell it: it can't be tied to this account's address and e-mail.
    const r = await restartedWith((f, resign) => ({
      ...f,
      entries: f.entries.map(({ origin: _origin, ...e }) => resign(e)),
    }));
    const said = r.notices().filter((m) => /answer was lost/.test(m));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/a write that names no service address or user it was sent to/);
    expect(await r.backups()).toHaveLength(1);
    const other = {
      ...REQ,
      window: { ...REQ.window, start: '2026-03-25T15:00:00.000Z', end: '2026-03-25T16:00:00.000Z' },
    };
    const b = await r.hh.clock.runWhileAdvancing(r.second.handlers['override:create'](other));
    expect(b.ok && b.value.status).toBe('created');
    expect(r.hh.sim.requests.count({ route: 'createOverride' })).toBe(2);
  }, 30_000);

  it('the app writes each entry with its MAC; re-signed as is, it keeps the settle (the MAC is the only change)', async () => {
    const r = await restartedWith((f, resign) => ({ ...f, entries: f.entries.map(resign) }));
    expect(r.notices().filter((m) => /answer was lost/.test(m))).toHaveLength(0);
    const b = await r.pressAgain();
    expect(b.ok && b.value.status).toBe('unknown');
    expect(r.hh.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 30_000);

  it('without a keychain the app says so once and the checks hold without MACs: its own entry keeps the settle', async () => {
    const hh = await createHarness({ startMs: START, seed: threeZoneSeed() });
    h = hh;
    await seedSettings(hh, { email: ME, scheduleIds: ['sch_berlin'] });
    // The keychain can't keep the record key (a locked or missing keychain): the API key is still there.
    const set = hh.secrets.set.bind(hh.secrets);
    hh.secrets.set = (account, secret) =>
      account === RECORD_KEY_ACCOUNT ? Promise.reject(new Error('no keychain')) : set(account, secret);
    const first = await started(hh);
    hh.sim.faults.set('createOverride', { status: 504, applyAfterMs: 30_000, times: 1 });
    await hh.clock.runWhileAdvancing(first.handlers['override:create'](REQ));
    const told = first.getState().notices.map((n) => n.message);
    expect(told.filter((m) => m === NO_RECORD_KEY_MESSAGE)).toHaveLength(1);
    await first.stop();
    expect(await hh.files.read(FILE)).not.toMatch(/"mac"/);
    // The same key holder in this process: the signer (none) is not looked up again (record-key.ts recordSignerOf).
    const second = await started(hh);
    expect(second.getState().notices.filter((n) => /answer was lost/.test(n.message))).toHaveLength(0);
    const b = await hh.clock.runWhileAdvancing(second.handlers['override:create'](REQ));
    expect(b.ok && b.value.status).toBe('unknown');
    expect(hh.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 30_000);
});
