// The set-up the status command's fault tests share: one data folder for the file's runs, a fresh fake service
// (fake-service.ts) for each test, both gone afterwards; and the flags that point a run at them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startFakeService, type FakeService } from './fake-service';

export interface FakeServiceRuns {
  /** The data folder the file's runs share. */
  readonly dir: string;
  /** The running test's fake service. */
  readonly svc: FakeService;
  /** --data-dir, --base-url, a --schedule per id and --email user1@example.com. */
  args(ids: string[], dataDir?: string): string[];
}

/** Registers the hooks; call it at the top of a test file. `folderPrefix` names the temporary data folder. */
export function useFakeService(folderPrefix: string): FakeServiceRuns {
  let dir = '';
  let svc: FakeService | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), folderPrefix));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    svc = await startFakeService();
  });
  afterEach(async () => {
    await svc?.close();
    svc = undefined;
  });
  const running = (): FakeService => {
    if (!svc) throw new Error('no fake service outside a test');
    return svc;
  };
  return {
    get dir() {
      return dir;
    },
    get svc() {
      return running();
    },
    args: (ids, dataDir = dir) => [
      '--data-dir',
      dataDir,
      '--base-url',
      running().url,
      ...ids.flatMap((id) => ['--schedule', id]),
      '--email',
      'user1@example.com',
    ],
  };
}
