type Run = (command: string, args: string[], options: { stdio: 'ignore' }) => unknown;
type Remove = (dir: string, options: { recursive: true; force: true; maxRetries: number; retryDelay: number }) => void;

/** Ends a process tree with taskkill (Windows); false when taskkill refused (e.g. the process had already gone). */
export function stopTree(pid: number | undefined, run?: Run): boolean;
/** Removes the temporary data folder; a folder that can't be removed is left behind with a warning, never thrown. */
export function removeQuietly(dir: string, remove?: Remove, warn?: (line: string) => void): boolean;
