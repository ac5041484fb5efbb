// Files inside the project, named with `/` whatever the system's separator: the boundary and layer tables, and the
// messages tests compare, are written that way. Windows's path.relative gives `electron\adapters\x.ts`.
import path from 'node:path';

export type PathApi = Pick<typeof path, 'relative' | 'sep'>;

/** `file` relative to `root`, with `/` between its parts (path.win32 or path.posix may be passed to test either). */
export function projectPath(root: string, file: string, api: PathApi = path): string {
  return api.relative(root, file).split(api.sep).join('/');
}
