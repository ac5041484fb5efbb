// vitest globalSetup: the e2e tests drive the built renderer, so build it first when it is missing or stale; the CLI
// tests spawn the status command's bundle, built fresh for every run.
import { buildStatusBundle } from '../../cli/support/status-bundle';
import { ensureRendererBuilt } from './renderer-build';

export default async function setup(): Promise<void> {
  await Promise.all([ensureRendererBuilt(), buildStatusBundle()]);
}
