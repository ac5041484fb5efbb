// A FileStore that reads the app's real files but never changes them: writes stay in memory. The status command
// runs the whole engine, and must not mark reminders as shown, rewrite the cache or move a bad settings file
// aside behind the running app's back. Only the files named in `writeThrough` (the calendar export's record of
// UIDs, which no running app reads) reach the disk, and only those are moved aside when refused.
import type { FileStore } from '../core/ports';
import { LEFT_IN_PLACE } from '../core/storage/read-back';

export function readOnlyOverlay(base: FileStore | undefined, writeThrough: readonly string[] = []): FileStore {
  const written = new Map<string, string>();
  const hidden = new Set<string>();
  return {
    // Only files written through can fail to save: the notice then names the folder they failed in.
    ...(base?.location !== undefined ? { location: base.location } : {}),
    async read(name) {
      if (written.has(name)) return written.get(name);
      if (hidden.has(name) || base === undefined) return undefined;
      // A file that can't be read (a folder in its place, its permissions) is said as such by the engine, as the
      // app says it: read as absent, settings.json read as "add your API key" (issue 52).
      return base.read(name);
    },
    async writeAtomic(name, text) {
      if (base !== undefined && writeThrough.includes(name)) return base.writeAtomic(name, text);
      written.set(name, text);
    },
    async remove(name) {
      written.delete(name);
      hidden.add(name);
    },
    async backup(name) {
      // A file written through (the export record) is the CLI's own: refused, it is kept aside on disk as the app
      // would, never silently replaced by the next write.
      if (base !== undefined && writeThrough.includes(name)) return base.backup(name);
      written.delete(name);
      hidden.add(name);
      return `${name} (${LEFT_IN_PLACE})`;
    },
  };
}
