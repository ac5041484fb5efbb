import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScheduleEnvelopeStrictSchema } from './helpers';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Runs the CLI until `until` matches its stdout or it exits; then stops it. One process on every system: this Node
 * with tsx's loader (`npm run simulator` starts tsx's CLI, which starts a second Node; `npx` is a batch file on
 * Windows, and a process group to kill is POSIX only), so stopping the child stops the simulator everywhere.
 */
function runCli(
  args: string[],
  until: RegExp,
): Promise<{ stdout: string; stderr: string; code: number | null; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/simulator/cli.ts', ...args], { cwd: ROOT });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until.test(stdout)) resolve({ stdout, stderr, code: null, stop });
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    void exited.then((code) => resolve({ stdout, stderr, code, stop }));
  });
}

describe('npm run simulator (cli)', () => {
  it('prints the listening line with the chosen port and the seed keys, and serves the demo seed', async () => {
    const run = await runCli(['--port', '0', '--now', '2026-03-04T12:00:00Z'], /api key: ocs_demo_k2.*\n/);
    try {
      const url = /simulator listening on (http:\/\/127\.0\.0\.1:(\d+))\n/.exec(run.stdout);
      expect(url?.[2]).not.toBe('0');
      expect(run.stdout).toContain('api key: ocs_demo_k1 (usr_alice, alice@example.com)');
      const res = await fetch(`${url?.[1]}/schedules/sch_platform_primary`, {
        headers: { 'x-api-key': 'ocs_demo_k1' },
      });
      const schedule = ScheduleEnvelopeStrictSchema.parse(await res.json()).schedule;
      expect(schedule.current_revision_valid_from).toBe('2026-03-04T12:00:00Z');
    } finally {
      await run.stop();
    }
  });

  it('exits with the path of the problem when the seed is invalid', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sim-cli-'));
    const seed = join(dir, 'bad.json');
    await writeFile(seed, JSON.stringify({ api_keys: [], users: [] }));
    const run = await runCli(['--seed', seed, '--port', '0'], /listening/);
    await run.stop();
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/api_keys: /);
  });

  it('refuses a --now without a zone, saying it needs Z or an offset', async () => {
    const run = await runCli(['--port', '0', '--now', '2026-03-04T12:00:00'], /listening/);
    await run.stop();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('now must be an ISO 8601 instant with Z or an offset');
  });
});
