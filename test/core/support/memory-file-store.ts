// An in-memory FileStore with the same contract as the real one (atomic replace, backups by name).
import type { FileStore } from '../../../electron/core/ports';
import { redactSecrets } from '../../../electron/core/storage/redact-secrets';

export class MemoryFileStore implements FileStore {
  readonly files = new Map<string, string>();
  writes = 0;
  private backups = 0;

  async read(name: string): Promise<string | undefined> {
    return this.files.get(name);
  }

  async writeAtomic(name: string, text: string): Promise<void> {
    this.writes++;
    this.files.set(name, text);
  }

  async remove(name: string): Promise<void> {
    this.files.delete(name);
  }

  async backup(name: string): Promise<string> {
    const text = this.files.get(name);
    if (text === undefined) throw new Error(`${name} does not exist`);
    const target = `${name}.bad-${++this.backups}`;
    // As the real store: a backup never holds a secret.
    this.files.set(target, redactSecrets(text));
    this.files.delete(name);
    return `/data/${target}`;
  }
}
