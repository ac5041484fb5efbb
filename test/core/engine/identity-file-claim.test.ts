// The remembered identity's file read back as a claim (adv52 r27 #1; engine/session-identity.ts with
// storage/identity-record.ts). Run 1 resolves me and writes identity.json; the app is closed; the file is made
// plausible but false (edited to a colleague's id, or a colleague's own file copied in); the service then moves my
// e-mail (the case the file exists for). Whatever the file says, my blocks stay the ones run 1 read for my e-mail,
// nothing of the colleague's is told as mine, the file is said once by name and kept aside.
import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { signerOf } from '../../../electron/core/storage/record-key';
import { IdentityRecordSchema, identityText } from '../../../electron/core/storage/identity-record';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T10:00:00Z');
const FILE = 'identity.json';
const SHIFT_WORDS = /removed|covering|changed|new shift|You were added|added you|On call now|On call in/i;
/** What would tell a block as mine (a start, a lead, a change to it): none may come from the colleague's id. */
const MINE_WORDS = /On call (now|in|since)|was changed|new shift|You were added|added you/;

type State = { me: { shifts: { start: string; end: string }[] } };
const blocks = (s: State) => s.me.shifts.map((b) => `${b.start}–${b.end}`);

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Run 1 (my e-mail matches), the file made false by `forge`, my e-mail moved, run 2: what each run showed. */
async function forgedThenMoved(forge: (genuine: string) => string) {
  h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const first = h.engine();
  await h.clock.runWhileAdvancing(first.start(), 1000, 60);
  await h.clock.advance(5 * MIN);
  const before = blocks(first.getState());
  await first.stop();
  const path = join(h.dir, FILE);
  const genuine = await readFile(path, 'utf8');
  const planted = forge(genuine);
  await writeFile(path, planted);
  const me = h.sim.state.users.get('usr_me');
  if (me) me.email = 'me@new.example.com';
  const mark = h.notifier.shown.length;
  const second = h.engine();
  await h.clock.runWhileAdvancing(second.start(), 1000, 60);
  await h.clock.advance(20 * MIN);
  const after = blocks(second.getState());
  const told = h.notifier.shown.slice(mark).map((n) => `${n.title} | ${n.body}`);
  const said = second.getState().notices.map((n) => n.message);
  await second.stop();
  const aside = (await readdir(h.dir)).filter((n) => n.startsWith(`${FILE}.bad-`));
  const keptText = aside[0] === undefined ? undefined : await readFile(join(h.dir, aside[0]), 'utf8');
  return { genuine, planted, before, after, told, said, aside, keptText };
}

const bobsMine = (text: string) => text.replace('usr_me', 'usr_bob');

it.each([
  ['edited to a colleague’s id', bobsMine],
  [
    'a colleague’s own file copied in (signed with their install’s key)',
    (genuine: string) => {
      // Bob's install wrote it: his id, his e-mail, his own record key.
      const read = IdentityRecordSchema.parse(JSON.parse(genuine));
      const theirs = { ...read, mac: undefined, userId: 'usr_bob', email: 'bob@example.com' };
      return identityText(FILE, theirs, signerOf(randomBytes(32), false));
    },
  ],
])(
  '%s: not used, said once by name, kept aside; no block of theirs is mine',
  async (_name, forge) => {
    const r = await forgedThenMoved(forge);
    expect(r.planted).toContain('usr_bob');
    expect(r.before.length).toBeGreaterThan(10);
    // Run 1's blocks are the ones my e-mail resolved to; as if no id was remembered, none other is mine now (my own
    // may be unknown after the move: the file that would have kept them is not the app's).
    expect(r.after.filter((b) => !r.before.includes(b))).toEqual([]);
    expect(r.told.filter((t) => MINE_WORDS.test(t))).toEqual([]);
    const notUsed = r.said.filter((m) => m.includes(`(${FILE}) was not used`));
    expect(notUsed).toHaveLength(1);
    expect(notUsed[0]).not.toContain('usr_bob');
    expect(r.aside).toHaveLength(1);
    expect(r.keptText).toBe(r.planted);
  },
  120_000,
);

it('the app’s own file (control): used, nothing said of it, my blocks stay mine', async () => {
  const r = await forgedThenMoved((genuine) => genuine);
  expect(JSON.parse(r.genuine)).toMatchObject({ userId: 'usr_me', email: ME });
  expect(r.after).toEqual(r.before);
  expect(r.told.filter((t) => SHIFT_WORDS.test(t))).toEqual([]);
  expect(r.said.filter((m) => m.includes(FILE))).toEqual([]);
  expect(r.aside).toEqual([]);
}, 120_000);
