// `status` with the data folder a link to a folder that is missing (a synced or mounted drive not there yet; adv52 r32
// #2): before, it said the folder "no longer exists", that "the app makes it again", and that settings "are kept while
// the app runs … lost at the next start", though it holds none of the user's settings (they came from its flags) and
// nothing at the link's target is touched. Now it names the link and says nothing is saved until it is back.
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { useFakeService } from './support/fake-service-runs';
import { runStatus } from './support/run-status';

const KEY = 'ocs_cli_link_key';
const rig = useFakeService('oncall-status-link-');

it('status over a data folder linked to a missing folder names the link and promises nothing false', async () => {
  const base = await mkdtemp(join(tmpdir(), 'oncall-status-link-'));
  const target = join(base, 'not-mounted');
  const data = join(base, 'data');
  await symlink(target, data);
  const run = await runStatus(rig.args(['sch_a'], data), { ONCALL_API_KEY: KEY });
  const said = `${run.stdout}\n${run.stderr}`;
  expect(said).toContain(`the data folder is a link to ${target}, which is missing`);
  expect(said).not.toMatch(/no longer exists|makes it again|kept while the app runs|lost at the next start/);
  expect(said).not.toContain(KEY);
  // Nothing made through the link, nothing in place of it.
  expect((await readdir(base)).sort()).toEqual(['data']);
  await rm(base, { recursive: true, force: true });
});
