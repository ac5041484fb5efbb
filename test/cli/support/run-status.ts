// Runs `npm run status` as a user would, in Berlin time, and reads its --json output with the real schema.
import { execFile } from 'node:child_process';
import { z } from 'zod';
import { AppStateSchema, type AppState } from '../../../electron/shared/view-state';
import { npmCommand } from './npm-command';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function runStatus(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const npm = npmCommand(['run', '--silent', 'status', '--', ...args], process);
    execFile(
      npm.file,
      npm.args,
      { env: { ...process.env, TZ: 'Europe/Berlin', ...env }, timeout: 60_000, shell: npm.shell },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const JsonOutSchema = z.object({ exitCode: z.number(), state: AppStateSchema });

export function jsonState(run: Run): AppState {
  const out = JsonOutSchema.parse(JSON.parse(run.stdout));
  if (out.exitCode !== run.code) throw new Error(`--json says exit ${out.exitCode}, the process exited ${run.code}`);
  return out.state;
}
