// A data folder in memory for the record files' tests: what is written, and each file kept aside (backup) under its
// own name with the text it held.
import type { FileStore } from '../../../electron/core/ports';

export function memoryFolder() {
  const files = new Map<string, string>();
  const kept: string[] = [];
  const store: FileStore = {
    read: (n) => Promise.resolve(files.get(n)),
    writeAtomic: (n, t) => (files.set(n, t), Promise.resolve()),
    backup: (n) => {
      const name = `${n}.bad-${kept.length}`;
      kept.push(name);
      files.set(name, files.get(n) ?? '');
      files.delete(n);
      return Promise.resolve(name);
    },
    remove: (n) => (files.delete(n), Promise.resolve()),
  };
  return { files, kept, store };
}
