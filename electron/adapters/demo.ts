// Demo mode: the embedded simulator with the demo seed on a random loopback port, and the app pointed at it
// through the engine's overrides. Nothing is written to the keychain and the data lives in its own folder, so a
// demo never touches a real setup. No Electron import: the wiring is tested in Node.
import path from 'node:path';
import type { PathModule } from '../core/platform/desktop-platform';
import demoSeed from '../simulator/demo-seed.json';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../simulator/server';
import type { EngineOptions } from '../core/engine/types';

export const DEMO_EMAIL = 'alice@example.com';

export function isDemoMode(argv: readonly string[], env: { ONCALL_DEMO?: string | undefined }): boolean {
  return argv.includes('--demo') || env.ONCALL_DEMO === '1';
}

/** The arguments to relaunch with for a mode: the same ones, with `--demo` added or removed. */
export function relaunchArgs(argv: readonly string[], mode: 'demo' | 'live'): string[] {
  const rest = argv.slice(1).filter((a) => a !== '--demo');
  return mode === 'demo' ? [...rest, '--demo'] : rest;
}

/** Demo data never mixes with the user's own settings, cache and reminders. */
export function dataDirFor(userDataDir: string, demo: boolean, paths: PathModule = path): string {
  return demo ? paths.join(userDataDir, 'demo') : userDataDir;
}

export interface DemoSession {
  overrides: NonNullable<EngineOptions['overrides']>;
  close(): Promise<void>;
}

export async function startDemo(
  start: (o: SimulatorOptions) => Promise<RunningSimulator> = startSimulator,
): Promise<DemoSession> {
  const simulator = await start({ seed: demoSeed, port: 0 });
  return {
    overrides: {
      baseUrl: simulator.url,
      apiKey: simulator.apiKey,
      email: DEMO_EMAIL,
      scheduleIds: demoSeed.schedules.map((s) => s.id),
      demo: true,
    },
    close: () => simulator.close(),
  };
}
