// `npm run lint:security` judges electronegativity's findings by project path. On Windows electronegativity names
// files with backslashes (relative, or absolute for files it could not parse), so the judgement is run here on
// findings as Windows reports them (built with path.win32), as POSIX reports them, and on ones that must still fail.
import { posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failing, mustRead, projectPath, reviewedWhy } from '../../scripts/security-review.mjs';

const WIN_ROOT = 'C:\\a\\oncall-tray\\';
const POSIX_ROOT = '/work/oncall-tray/';

describe('lint:security on findings as each system reports them', () => {
  it('reads Windows paths (relative or absolute, the root with or without its trailing separator) as project paths', () => {
    expect(projectPath(win32.join('electron', 'adapters', 'external.ts'), WIN_ROOT)).toBe(
      'electron/adapters/external.ts',
    );
    expect(projectPath(win32.join(WIN_ROOT, 'electron', 'adapters', 'windows.ts'), WIN_ROOT)).toBe(
      'electron/adapters/windows.ts',
    );
    expect(projectPath(win32.join(WIN_ROOT, 'dist', 'renderer', 'x.js'), 'C:\\a\\oncall-tray')).toBe(
      'dist/renderer/x.js',
    );
    expect(projectPath(posix.join(POSIX_ROOT, 'electron', 'main.ts'), POSIX_ROOT)).toBe('electron/main.ts');
    expect(projectPath('electron/adapters/external.ts', POSIX_ROOT)).toBe('electron/adapters/external.ts');
  });

  it('a reviewed finding passes whichever separator names its file; the same check elsewhere still fails', () => {
    const external = (file: string) => ({ id: 'OPEN_EXTERNAL_JS_CHECK', severity: 'MEDIUM', file });
    for (const [file, root] of [
      [win32.join('electron', 'adapters', 'external.ts'), WIN_ROOT],
      [posix.join('electron', 'adapters', 'external.ts'), POSIX_ROOT],
    ] as const) {
      expect(reviewedWhy(external(file), root), file).toMatch(/openExternal choke point/);
      expect(failing(external(file), root), file).toBe(false);
    }
    expect(failing(external(win32.join('electron', 'adapters', 'tray.ts')), WIN_ROOT)).toBe(true);
    const preload = {
      id: 'PRELOAD_JS_CHECK',
      severity: 'MEDIUM',
      file: win32.join('electron', 'adapters', 'windows.ts'),
    };
    expect(failing(preload, WIN_ROOT)).toBe(false);
    // Reviewed for one check only: another check on the same file is judged on its own.
    expect(failing({ ...preload, id: 'OPEN_EXTERNAL_JS_CHECK' }, WIN_ROOT)).toBe(true);
    expect(failing({ id: 'CSP_GLOBAL_CHECK', severity: 'LOW', file: 'renderer\\index.html' }, WIN_ROOT)).toBe(false);
    expect(failing({ id: 'NEW_CHECK', severity: 'SOMETHING NEW', file: 'x.ts' }, WIN_ROOT)).toBe(true);
  });

  it('an unparsable file of ours under electron/ must be read, on Windows too; the renderer bundle need not', () => {
    expect(mustRead(win32.join(WIN_ROOT, 'electron', 'adapters', 'notifier.ts'), WIN_ROOT)).toBe(true);
    expect(mustRead(win32.join(WIN_ROOT, 'dist', 'main', 'preload.cjs'), WIN_ROOT)).toBe(false);
    expect(mustRead(win32.join(WIN_ROOT, 'dist', 'renderer', 'assets', 'index.js'), WIN_ROOT)).toBe(false);
    expect(mustRead(posix.join(POSIX_ROOT, 'electron', 'preload.ts'), POSIX_ROOT)).toBe(true);
  });
});
