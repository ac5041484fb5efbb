// adv48 r26: "Add another service" refused "address//" as the same service as Work while Settings' save took it,
// and the write path and the planner then held it as another service. One rule now: for generated spellings of one
// address (doubled and trailing slashes, /./ and a/.. segments, a loopback name, letter case) and the e-mail in
// another case with spaces around it, both ways of adding it refuse it, in the Add form's words; another path on
// the same host is another service, and both take it. Engine + simulator + fake clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Engine } from '../../../electron/core/engine/types';
import { accountIdOf } from '../../../electron/shared/account-names';
import { createHarness, type Harness } from '../support/engine-harness';
import { KEY_WORK, serviceSeed } from './support/two-services';

const START = Date.parse('2026-03-04T12:00:00Z');
const SAME = 'This is the same service as Work (same address and e-mail): every reminder would come twice.';
let h: Harness;
let engine: Engine;
beforeAll(async () => {
  h = await createHarness({ startMs: START, seed: serviceSeed(KEY_WORK, ['alice', 'bob']) });
  const work = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'alice@example.com', schedules: [] };
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts: [work] }));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, KEY_WORK);
  engine = h.engine();
  await engine.start();
  await h.clock.advance(5_000);
}, 60_000);
afterAll(async () => {
  await engine.stop();
  await h.close();
});

/** One address spelt from pieces: the host as a loopback name in some case, then path segments that resolve to
 *  nothing ("", ".", "x/..") and slashes. */
const spelling = fc
  .record({
    host: fc.constantFrom('127.0.0.1', 'localhost', 'LocalHost', '[::1]'),
    scheme: fc.constantFrom('http', 'HTTP'),
    path: fc.array(fc.constantFrom('', '.', 'x/..'), { maxLength: 4 }),
    tail: fc.constantFrom('', '/', '//', '///'),
  })
  .map((p) => (port: string) => `${p.scheme}://${p.host}:${port}/${p.path.join('/')}${p.tail}`);
const email = fc.constantFrom('alice@example.com', 'ALICE@example.com', ' alice@example.com ', 'Alice@Example.com ');

/** The messages a refusal names, as the form shows them beside their fields. */
const said = (answer: { ok: boolean; error?: { problems?: { message: string }[] } }) =>
  (answer.error?.problems ?? []).map((p) => p.message);

describe('the same service added again, however its address is spelt', () => {
  it('"Add another service" and Settings’ save both refuse it, in the same words', async () => {
    const port = new URL(h.sim.url).port;
    await fc.assert(
      fc.asyncProperty(spelling, email, async (spell, mail) => {
        const baseUrl = spell(port);
        const [work] = engine.getState().settings.accounts;
        const again = { ...work!, id: accountIdOf('again'), label: 'Again', baseUrl, email: mail };
        const saved = await engine.handlers['settings:update']({ accounts: [work!, again] });
        const added = await engine.handlers['account:add']({
          label: 'Again',
          baseUrl,
          key: KEY_WORK,
          email: mail,
          schedules: ['sch_primary'],
        });
        expect([saved.ok, added.ok], baseUrl).toEqual([false, false]);
        expect(said(saved), baseUrl).toEqual([SAME]);
        expect(said(added), baseUrl).toEqual([SAME]);
        expect(engine.getState().settings.accounts.map((a) => a.id)).toEqual(['work']);
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('another path on the same host is another service: Settings’ save takes it', async () => {
    const [work] = engine.getState().settings.accounts;
    const other = { ...work!, id: accountIdOf('other'), label: 'Other', baseUrl: `${h.sim.url}/other` };
    const saved = await engine.handlers['settings:update']({ accounts: [work!, other] });
    expect(saved.ok).toBe(true);
    await engine.handlers['settings:update']({ accounts: [work!] });
  }, 60_000);
});
