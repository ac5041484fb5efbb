// Whether a file really lies inside a folder: by where it resolves on disk, not by its path's text. A symbolic
// link inside the folder that points elsewhere names a path inside and reaches a file outside; fs.realpath
// follows every link (in Electron also inside app.asar) so the check is about the file that would be read.
import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';

/** The file's real path if it exists and resolves inside the real `rootDir`; undefined otherwise. */
export async function realPathInside(file: string, rootDir: string): Promise<string | undefined> {
  try {
    const [root, real] = await Promise.all([realpath(rootDir), realpath(file)]);
    return real.startsWith(root + sep) ? real : undefined;
  } catch {
    // Missing, a loop of links, or unreadable: nothing to serve.
    return undefined;
  }
}
