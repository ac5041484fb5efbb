// Issue 19, case 2: an address is never echoed with its credentials. `npm run status` refuses an address with user
// info (or a query or fragment) and says which address it refused, without the user info, query or fragment; the
// same for a stored address it can't use, in the readable and the --json output.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyPieces } from '../api/support/key-pieces';
import { runStatus, type Run } from './support/run-status';

const KEY = 'ocs_SECRET_CANARY_123';
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'oncall-status-address-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function expectNoKey(run: Run): void {
  expect(keyPieces(run.stdout, KEY), 'key pieces on stdout').toEqual([]);
  expect(keyPieces(run.stderr, KEY), 'key pieces on stderr').toEqual([]);
}

describe('status: a --base-url with credentials', () => {
  const cases: Array<[string, string, string]> = [
    ['the key as user name', `http://${KEY}@127.0.0.1:9/`, '“http://127.0.0.1:9/”'],
    ['the key as password', `https://me:${KEY}@oncall.example.com/api`, '“https://oncall.example.com/api”'],
    [
      'the key in the query and fragment',
      `https://oncall.example.com/api?key=${KEY}#${KEY}`,
      '“https://oncall.example.com/api”',
    ],
  ];
  for (const [name, address, shown] of cases) {
    it(`is refused (exit 2) naming the address without ${name}`, async () => {
      const run = await runStatus(['--base-url', address, '--data-dir', dir]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`The service address ${shown} can't be used`);
      expectNoKey(run);
    });
  }
});

describe('status: a stored address with credentials', () => {
  it('says the address can not be used, without its user info, and keeps it out of --json too', async () => {
    const data = join(dir, 'stored');
    await mkdir(data, { recursive: true });
    const stored = `https://${KEY}@oncall.example.com/api?token=${KEY}`;
    await writeFile(
      join(data, 'settings.json'),
      JSON.stringify({ version: 1, baseUrl: stored, email: 'me@example.com', schedules: [{ id: 'sch_a' }] }),
    );
    const env = { ONCALL_API_KEY: 'ocs_other_key_for_env' };
    const plain = await runStatus(['--data-dir', data], env);
    expect(plain.code).toBe(3);
    expect(plain.stdout).toContain("The service address “https://oncall.example.com/api” can't be used");
    expectNoKey(plain);
    const json = await runStatus(['--data-dir', data, '--json'], env);
    expect(json.code).toBe(3);
    expectNoKey(json);
  });
});
