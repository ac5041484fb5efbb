// The GitHub Actions workflows can't run here, so they are checked here: both against GitHub's workflow schema
// (@action-validator/core, SchemaStore's schema compiled to WebAssembly: no network, no binary download), then the
// parts that matter read with js-yaml and zod: the CI matrix (three systems × Node 24, 22 and 20, Linux in Debian with
// what .ci/run installs, the Electron smoke tests under Xvfb with a keyring and dunst, a packaged app launched), the
// release (a version tag, dmg for x64 and arm64 each on its own architecture, nsis, AppImage and deb, SHA-256 sums, a
// draft release, signing secrets as docs/packaging-and-releasing.md lists them), and that both run exactly the
// commands that document lists, in its order; actions pinned by commit SHA on their Node 24 majors; the npm (11)
// docs/install.md asks for installed
// before every `npm ci`; the signing step run in bash, its secrets read back from $GITHUB_ENV whole. And
// `npm run test:electron` here, without Electron's binary, skips with one line.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { validateWorkflow } from '@action-validator/core';
import { load } from 'js-yaml';
import { electronBinary } from '../../scripts/electron-binary.mjs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CI_DOC, commandsIn, DESKTOP, readmeCommands } from './support/readme-commands';
import { removeQuietly, stopTree } from '../../scripts/smoke-cleanup.mjs';
import { textMatching } from '../support/matchers';

const root = process.cwd();
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

// ---- The parts of a workflow these checks read -------------------------------------------------------------------

const Step = z.object({
  name: z.string().optional(),
  uses: z.string().optional(),
  run: z.string().optional(),
  if: z.string().optional(),
  with: z.record(z.string(), z.unknown()).optional(),
  env: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
const Scalar = z.union([z.string(), z.number(), z.boolean()]);
const Matrix = z
  .object({ include: z.array(z.record(z.string(), Scalar)).optional() })
  .catchall(z.union([z.array(Scalar), z.array(z.record(z.string(), Scalar))]));
const Job = z.object({
  name: z.string().optional(),
  'runs-on': z.string(),
  container: z.string().optional(),
  needs: z.union([z.string(), z.array(z.string())]).optional(),
  permissions: z.record(z.string(), z.string()).optional(),
  strategy: z.object({ 'fail-fast': z.boolean().optional(), matrix: Matrix }).optional(),
  steps: z.array(Step).min(1),
});
const Workflow = z.object({
  name: z.string(),
  on: z.record(z.string(), z.unknown()),
  permissions: z.record(z.string(), z.string()),
  jobs: z.record(z.string(), Job),
});
type Workflow = z.infer<typeof Workflow>;
type JobT = z.infer<typeof Job>;
type Combo = Record<string, string | number | boolean>;

function workflow(file: string): Workflow {
  return Workflow.parse(load(read(`.github/workflows/${file}`)));
}

function job(w: Workflow, id: string): JobT {
  const found = w.jobs[id];
  if (!found) throw new Error(`no job ${id}`);
  return found;
}

/** The matrix's combinations as GitHub forms them: the cross product of its lists, then `include` (extend or add). */
function combinations(j: JobT): Combo[] {
  const matrix = j.strategy?.matrix;
  if (!matrix) return [{}];
  const { include = [], ...axes } = matrix;
  let combos: Combo[] = [{}];
  for (const [key, values] of Object.entries(axes)) {
    const scalars = values.filter((v): v is string | number | boolean => typeof v !== 'object');
    combos = combos.flatMap((c) => scalars.map((v) => ({ ...c, [key]: v })));
  }
  const axisKeys = Object.keys(axes);
  if (axisKeys.length === 0) combos = [];
  for (const entry of include) {
    const matching = combos.filter(
      (c) => axisKeys.every((k) => !(k in entry) || entry[k] === c[k]) && axisKeys.some((k) => k in entry),
    );
    if (matching.length > 0) for (const c of matching) Object.assign(c, entry);
    else combos.push({ ...entry });
  }
  return combos;
}

const expand = (text: string, combo: Combo): string =>
  text.replace(/\$\{\{\s*matrix\.([\w-]+)\s*\}\}/g, (_m, key: string) =>
    String(combo[key] ?? `<matrix.${key} undefined>`),
  );

/** Every command a workflow runs, in step order (each matrix combination expanded), each once. */
function workflowCommands(w: Workflow): string[] {
  const seen: string[] = [];
  for (const j of Object.values(w.jobs)) {
    for (const step of j.steps) {
      for (const combo of combinations(j))
        for (const c of commandsIn(expand(step.run ?? '', combo))) if (!seen.includes(c)) seen.push(c);
    }
  }
  return seen;
}

/** The CI document's code blocks in "Continuous integration and releases": [CI commands, release commands]. */
function documentedCommands(): string[][] {
  const blocks = readmeCommands(read(CI_DOC));
  expect(blocks, `the section in ${CI_DOC}`).toBeDefined();
  return blocks ?? [];
}

function secretsIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g)].map((m) => m[1] ?? ''))].sort();
}

const stepRunning = (j: JobT, command: string) => j.steps.filter((s) => commandsIn(s.run ?? '').includes(command));

/** $GITHUB_ENV as the runner reads it: NAME=value lines, and NAME<<delimiter … delimiter blocks. */
function parseGithubEnv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const block = /^([^=]+?)<<(.+)$/.exec(line);
    if (block) {
      const end = lines.indexOf(block[2] ?? '', i + 1);
      if (end === -1) throw new Error(`${block[1]}: no closing delimiter`);
      out[block[1] ?? ''] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
  }
  return out;
}

// ---- The checks --------------------------------------------------------------------------------------------------

describe('the GitHub Actions workflows', () => {
  it("pass GitHub's workflow schema (and the validator does catch a broken one)", () => {
    for (const file of ['ci.yml', 'release.yml'])
      expect(validateWorkflow(read(`.github/workflows/${file}`)).errors, file).toEqual([]);
    const broken = 'on: push\njobs:\n  a:\n    runs_on: ubuntu-latest\n    steps:\n      - runs: echo hi\n';
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });

  it('CI: every push and pull request, ubuntu/macOS/Windows × Node 24, 22 and 20, Linux in Debian with what .ci/run installs', () => {
    const ci = workflow('ci.yml');
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(ci.permissions).toEqual({ contents: 'read' });
    const test = job(ci, 'test');
    expect(test['runs-on']).toBe('${{ matrix.os }}');
    expect(test.container).toBe('${{ matrix.container }}');
    const combos = combinations(test).map((c) => `${c.os} node${c.node} ${c.container ?? 'host'}`);
    expect(combos.sort()).toEqual([
      'macos-latest node20 host',
      'macos-latest node22 host',
      'macos-latest node24 host',
      'ubuntu-latest node20 debian:bookworm',
      'ubuntu-latest node22 debian:bookworm',
      'ubuntu-latest node24 debian:bookworm',
      'windows-latest node20 host',
      'windows-latest node22 host',
      'windows-latest node24 host',
    ]);
    expect(test.strategy?.['fail-fast']).toBe(false);
    const setupNode = test.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.['node-version']).toBe('${{ matrix.node }}');
    expect(test.steps.some((s) => s.uses?.startsWith('actions/checkout@'))).toBe(true);
    // The packages .ci/run installs (its PKGS line) are all in the Linux apt-get step, which runs before anything else.
    const pkgs = /^PKGS="([^"]+)"/m.exec(read('.ci/run'))?.[1]?.split(/\s+/) ?? [];
    expect(pkgs.length).toBeGreaterThan(5);
    const apt = test.steps[0];
    expect(apt?.if).toBe("runner.os == 'Linux'");
    const installed = (apt?.run ?? '').replace(/\\\n/g, ' ').split(/\s+/);
    expect(pkgs.filter((p) => !installed.includes(p))).toEqual([]);
  });

  it('CI: the Electron smoke tests and the packaged app run on every system, on Linux under Xvfb with a keyring and dunst', () => {
    const test = job(workflow('ci.yml'), 'test');
    for (const command of ['npm run test:electron -- --required', 'node scripts/smoke-packaged.mjs']) {
      const steps = stepRunning(test, command);
      expect(
        steps.map((s) => [s.if, (s.run ?? '').startsWith(DESKTOP)]),
        command,
      ).toEqual([
        ["runner.os == 'Linux'", true],
        ["runner.os != 'Linux'", false],
      ]);
    }
    expect(stepRunning(test, 'npx electron-builder --dir --publish never')).toHaveLength(1);
    // In order: built before the smoke tests, packaged before the packaged app is launched.
    const at = (command: string) => test.steps.findIndex((s) => commandsIn(s.run ?? '').includes(command));
    expect(at('npm ci')).toBeLessThan(at('npm run fetch-electron'));
    expect(at('npm run build')).toBeLessThan(at('npm run test:electron -- --required'));
    expect(at('npx electron-builder --dir --publish never')).toBeLessThan(at('node scripts/smoke-packaged.mjs'));
    // The wrapper script exists and starts gnome-keyring and dunst.
    const session = read('scripts/desktop-session.sh');
    expect(session).toContain('gnome-keyring-daemon --unlock --components=secrets');
    expect(session).toContain('dunst');
  });

  it('release: a version tag builds dmg (x64 and arm64, each on its own architecture), nsis, AppImage and deb', () => {
    const release = workflow('release.yml');
    expect(release.on).toEqual({ push: { tags: ['v*.*.*'] } });
    const pack = job(release, 'package');
    const builds = combinations(pack).map((c) => ({ os: String(c.os), target: String(c.target) }));
    const onIntel = (os: string) => /-intel$/.test(os);
    expect(builds).toEqual(
      expect.arrayContaining([
        { os: textMatching(/^macos-.*-intel$/), target: '--mac --x64' },
        { os: textMatching(/^macos-/), target: '--mac --arm64' },
        { os: textMatching(/^windows-/), target: '--win --x64' },
        { os: textMatching(/^ubuntu-/), target: '--linux --x64' },
      ]),
    );
    expect(builds).toHaveLength(4);
    expect(onIntel(builds.find((b) => b.target === '--mac --arm64')?.os ?? '')).toBe(false);
    // What each platform builds comes from electron-builder.yml.
    const config = z
      .object({
        mac: z.object({ target: z.string() }),
        win: z.object({ target: z.string() }),
        linux: z.object({ target: z.array(z.string()) }),
        beforePack: z.string(),
        afterPack: z.string(),
      })
      .parse(load(read('electron-builder.yml')));
    expect([config.mac.target, config.win.target, ...config.linux.target]).toEqual(['dmg', 'nsis', 'AppImage', 'deb']);
    expect([config.beforePack, config.afterPack]).toEqual(['./scripts/native-arch.cjs', './scripts/native-arch.cjs']);
    const collect = pack.steps.find((s) => s.name === 'Collect the installers')?.run ?? '';
    for (const ext of ['dmg', 'exe', 'AppImage', 'deb']) expect(collect).toContain(`'*.${ext}'`);
  });

  it('release: SHA-256 sums and a draft release with write permission only where needed; signing secrets as documented', () => {
    const release = workflow('release.yml');
    expect(release.permissions).toEqual({ contents: 'read' });
    const draft = job(release, 'release');
    expect(draft.needs).toBe('package');
    expect(draft.permissions).toEqual({ contents: 'write' });
    const scripts = draft.steps.map((s) => s.run ?? '').join('\n');
    expect(scripts).toContain('node scripts/sha256sums.mjs packages');
    expect(scripts).toMatch(/gh release create "\$GITHUB_REF_NAME" packages\/\* --draft/);
    // The secrets the workflow reads are exactly those the CI document lists; without them it says "UNSIGNED".
    const documented = [...read(CI_DOC).matchAll(/^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \|/gm)]
      .flatMap((m) => [...(m[1] ?? '').matchAll(/`(\w+)`/g)].map((n) => n[1] ?? ''))
      .sort();
    expect(secretsIn(read('.github/workflows/release.yml'))).toEqual(documented);
    expect(documented).toEqual(expect.arrayContaining(['MAC_CSC_LINK', 'APPLE_ID', 'WIN_CSC_LINK']));
    const signing = job(release, 'package').steps.find((s) => s.name?.startsWith('Code signing'))?.run ?? '';
    expect(signing).toContain('UNSIGNED (MAC_CSC_LINK is not set)');
    expect(signing).toContain('UNSIGNED (WIN_CSC_LINK is not set)');
    expect(signing).toContain('GITHUB_STEP_SUMMARY');
  });

  it('pin every action by full commit SHA with its release in a comment, on the majors that run on Node 24', () => {
    // The first major of each that runs on Node 24 (`runs.using: node24`); earlier ones run on deprecated Node 20.
    const NODE24: Record<string, number> = {
      'actions/checkout': 5,
      'actions/setup-node': 5,
      'actions/upload-artifact': 6,
      'actions/download-artifact': 7,
    };
    for (const file of ['ci.yml', 'release.yml']) {
      const lines = read(`.github/workflows/${file}`)
        .split('\n')
        .filter((l) => /^\s*(- )?uses:/.test(l));
      expect(lines.length, file).toBeGreaterThan(1);
      for (const line of lines) {
        const m = /uses: ([\w.-]+\/[\w.-]+)@([0-9a-f]{40}) # v(\d+)(?:\.\d+){0,2}$/.exec(line);
        expect(m, `${file}: ${line.trim()}`).not.toBeNull();
        const [, action = '', , major = '0'] = m ?? [];
        expect(NODE24[action], `${file}: ${action} is not in the table of Node 24 majors`).toBeDefined();
        expect(Number(major), `${file}: ${action}`).toBeGreaterThanOrEqual(NODE24[action] ?? Infinity);
      }
    }
  });

  it('install the npm the README and docs/install.md ask for before every npm ci', () => {
    const wanted = /Node\.js 20 or newer with npm (\d+)/.exec(read('docs/install.md'))?.[1];
    expect(/Node\.js 20 or newer with npm (\d+)/.exec(read('README.md'))?.[1]).toBe(wanted);
    expect(wanted).toBe('11');
    for (const file of ['ci.yml', 'release.yml']) {
      for (const [id, j] of Object.entries(workflow(file).jobs)) {
        const at = (command: string) => j.steps.findIndex((s) => commandsIn(s.run ?? '').includes(command));
        if (at('npm ci') === -1) continue;
        expect(at(`npm install -g npm@${wanted}`), `${file} ${id}`).toBeGreaterThanOrEqual(0);
        expect(at(`npm install -g npm@${wanted}`), `${file} ${id}`).toBeLessThan(at('npm ci'));
      }
    }
  });

  // The signing step itself, run in bash with the secrets set (a certificate wrapped over lines, as base64 is) and
  // $GITHUB_ENV read back the way the runner reads it. Not on Windows: `bash` there may be WSL's, not Git's.
  it.skipIf(process.platform === 'win32')(
    'release: signing secrets reach $GITHUB_ENV whole, a wrapped certificate included (skipped on Windows: bash may be WSL)',
    async () => {
      const script = job(workflow('release.yml'), 'package').steps.find((s) => s.name?.startsWith('Code signing'))?.run;
      expect(script).toBeDefined();
      const work = await mkdtemp(join(tmpdir(), 'oncall-signing-'));
      try {
        const cert =
          'MIIKPAIBAzCCCfYGCSqGSIb3DQEHAaCCCecEggnjMIIJ3zCCBX\nAGCSqGSIb3DQEHBqCCBWEwggVdAgEAMIIFVgYJKoZIhvcN\nEOF\nAQcBMB0=';
        let runs = 0;
        const runStep = async (env: Record<string, string>) => {
          const githubEnv = join(work, `env-${(runs += 1)}`);
          await promisify(execFile)('bash', ['-e', '-c', script ?? ''], {
            cwd: work,
            env: {
              PATH: process.env.PATH ?? '',
              GITHUB_ENV: githubEnv,
              GITHUB_STEP_SUMMARY: join(work, 'summary'),
              RUNNER_ARCH: 'ARM64',
              NAME: 'test',
              ...env,
            },
          });
          return parseGithubEnv(await readFile(githubEnv, 'utf8'));
        };
        expect(
          await runStep({ PLATFORM: 'mac', MAC_CSC_LINK: cert, MAC_CSC_KEY_PASSWORD: 'p=w"d $x', APPLE_ID: 'a@b.c' }),
        ).toEqual({ CSC_LINK: cert, CSC_KEY_PASSWORD: 'p=w"d $x' });
        expect(await runStep({ PLATFORM: 'win', WIN_CSC_LINK: cert, WIN_CSC_KEY_PASSWORD: 'pw' })).toEqual({
          WIN_CSC_LINK: cert,
          WIN_CSC_KEY_PASSWORD: 'pw',
        });
        expect(await runStep({ PLATFORM: 'win' })).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  );

  // The release gate's API calls, run in bash as the runner does, against a stand-in `gh` (GitHub can't be reached
  // from here) that fails the first calls as a flaky API would. Not on Windows: `bash` there may be WSL's.
  it.skipIf(process.platform === 'win32')(
    'release: the CI gate retries a failing GitHub API call, and 5 failures in a row stop the release (never "passed")',
    async () => {
      const script = job(workflow('release.yml'), 'ci-green').steps[0]?.run ?? '';
      expect(job(workflow('release.yml'), 'ci-green').steps[0]?.env?.['RETRY_DELAY_S']).toBe(10);
      const work = await mkdtemp(join(tmpdir(), 'oncall-gate-'));
      try {
        // Fails while the count is below FAILS (an HTTP 502), then answers one successful CI run (as --jq shapes it).
        const gh = [
          '#!/usr/bin/env bash',
          'n=$(cat "$COUNT" 2>/dev/null || echo 0); echo $((n + 1)) > "$COUNT"',
          'if [ "$n" -lt "$FAILS" ]; then echo "HTTP 502: Bad Gateway" >&2; exit 1; fi',
          'echo \'[{"status":"completed","conclusion":"success"}]\'',
        ].join('\n');
        await writeFile(join(work, 'gh'), gh, { mode: 0o755 });
        const gate = (fails: number) =>
          promisify(execFile)('bash', ['-e', '-o', 'pipefail', '-c', script], {
            cwd: work,
            env: {
              PATH: `${work}:${process.env.PATH ?? ''}`,
              COUNT: join(work, `count-${fails}`),
              FAILS: String(fails),
              RETRY_DELAY_S: '0',
              GH_REPO: 'oncall-tray/oncall-tray',
              GITHUB_SHA: 'abc123',
            },
          }).then(
            (r) => ({ code: 0, ...r }),
            (e: { code: number; stdout: string; stderr: string }) => e,
          );
        const flaky = await gate(2);
        expect(flaky).toMatchObject({ code: 0, stdout: 'CI passed on abc123.\n' });
        expect(flaky.stderr.match(/::warning::gh api failed/g)).toHaveLength(2);
        const down = await gate(99);
        expect(down.code).toBe(1);
        expect(down.stdout).not.toContain('CI passed');
        expect(down.stderr).toContain('::error::gh api failed 5 times in a row');
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  );

  it('release: the draft release is retried, each try looking first whether the release is there', () => {
    const draft = job(workflow('release.yml'), 'release').steps.find((s) => s.name === 'Draft GitHub release')?.run;
    expect(draft).toMatch(/for try in 1 2 3 4 5; do\n\s+if gh release view /);
    expect(draft).toContain('--clobber && exit 0');
    expect(draft).toContain('::error::the draft release could not be made after 5 tries');
  });

  it("release: the notes say what Linux's AppImage needs (FUSE 2) and the ways without it", () => {
    const notes = job(workflow('release.yml'), 'release').steps.find(
      (s) => s.name === 'SHA-256 sums and release notes',
    );
    expect(notes?.run).toContain('libfuse2');
    expect(notes?.run).toContain('--appimage-extract-and-run');
    expect(read('docs/install.md')).toContain('libfuse2');
  });

  it("packaged smoke: its cleanup can't fail the job (taskkill of a process already gone, a data folder still held)", () => {
    const refused = () => {
      throw Object.assign(new Error('taskkill: the process "123" not found'), { status: 128 });
    };
    expect(stopTree(123, refused)).toBe(false);
    expect(stopTree(123, () => '')).toBe(true);
    const warnings: string[] = [];
    const busy = () => {
      throw Object.assign(new Error('EBUSY: resource busy or locked'), { code: 'EBUSY' });
    };
    expect(removeQuietly('C:/Temp/oncall-smoke-1', busy, (l) => warnings.push(l))).toBe(false);
    expect(warnings).toEqual([
      '::warning::packaged smoke: its temporary data folder C:/Temp/oncall-smoke-1 was left behind (EBUSY)',
    ]);
    const smoke = read('scripts/smoke-packaged.mjs');
    expect(smoke).not.toMatch(/rmSync\(|execFileSync\('taskkill'/);
  });

  it('run exactly the commands the CI document lists, in its order', () => {
    const [ciDocs, releaseDocs, ...rest] = documentedCommands();
    expect(rest).toEqual([]);
    expect(workflowCommands(workflow('ci.yml'))).toEqual(ciDocs);
    expect(workflowCommands(workflow('release.yml'))).toEqual(releaseDocs);
    // And every npm script they name exists.
    const scripts = z
      .object({ scripts: z.record(z.string(), z.string()) })
      .parse(JSON.parse(read('package.json'))).scripts;
    const named = [...(ciDocs ?? []), ...(releaseDocs ?? [])].flatMap((c) => /^npm run (\S+)/.exec(c)?.[1] ?? []);
    expect(named.filter((name) => !(name in scripts))).toEqual([]);
    for (const c of [...(ciDocs ?? []), ...(releaseDocs ?? [])]) {
      const script = /^node (scripts\/\S+)/.exec(c)?.[1];
      if (script) expect(existsSync(join(root, script)), script).toBe(true);
    }
  });
});

describe('npm run test:electron', () => {
  it('is its own suite: no Electron spec is named like the files `npm test` runs', () => {
    const files = readdirSync(join(root, 'test', 'electron'), { recursive: true, encoding: 'utf8' });
    expect(files.some((f) => f.endsWith('.spec.ts'))).toBe(true);
    expect(files.filter((f) => f.endsWith('.test.ts'))).toEqual([]);
    expect(
      z.object({ scripts: z.record(z.string(), z.string()) }).parse(JSON.parse(read('package.json'))).scripts[
        'test:electron'
      ],
    ).toBe('node scripts/test-electron.mjs');
  });

  // Not require('electron'), which since Electron 42 downloads a missing binary by itself.
  const binary = electronBinary(join(root, 'package.json'));

  it.skipIf(binary !== undefined)(
    "without Electron's binary prints one line saying why it skips and exits 0 (1 with --required)",
    async () => {
      const run = promisify(execFile);
      const skipped = await run(process.execPath, ['scripts/test-electron.mjs'], { cwd: root });
      expect(skipped.stdout.trim().split('\n')).toEqual([
        textMatching(/^test:electron skipped: Electron's binary is not installed .*npm run fetch-electron/),
      ]);
      expect(skipped.stderr).toBe('');
      const required = run(process.execPath, ['scripts/test-electron.mjs', '--required'], { cwd: root });
      await expect(required).rejects.toMatchObject({
        code: 1,
        stderr: textMatching(/^test:electron failed: /),
      });
    },
  );
});
