// Runs the status command in its own process, in Berlin time, and reads its --json output with the real schema.
// By default the command's bundle (status-bundle.ts: the same code, without npm's and tsx's start-up); `via: 'npm'`
// runs `npm run status -- …` exactly as docs/status-command.md says.
import { execFile } from 'node:child_process';
import { z } from 'zod';
import { AppStateSchema, type AppState } from '../../../electron/shared/view-state';
import { npmCommand } from './npm-command';
import { STATUS_BUNDLE } from './status-bundle';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function runStatus(
  args: string[],
  env: Record<string, string> = {},
  { via = 'bundle' }: { via?: 'bundle' | 'npm' } = {},
): Promise<Run> {
  return new Promise((resolve) => {
    const npm = npmCommand(['run', '--silent', 'status', '--', ...args], process);
    const command = via === 'npm' ? npm : { file: process.execPath, args: [STATUS_BUNDLE, ...args], shell: false };
    execFile(
      command.file,
      command.args,
      { env: { ...process.env, TZ: 'Europe/Berlin', ...env }, timeout: 60_000, shell: command.shell },
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

/** The status flags of the calendar tests: Hiro on the demo seed's Data Tokyo, with this data folder and service. */
export function hiroOnTokyo(dataDir: string, baseUrl: string): string[] {
  return ['--data-dir', dataDir, '--base-url', baseUrl, '--schedule', 'sch_data_tokyo', '--email', 'hiro@example.com'];
}
