// vitest globalSetup: the e2e tests drive the built renderer, so build it first when it is missing or stale.
import { ensureRendererBuilt } from './renderer-build';

export default async function setup(): Promise<void> {
  await ensureRendererBuilt();
}
