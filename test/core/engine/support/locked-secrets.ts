// A keychain that refuses reads as a locked one does (keytar's "Cannot get secret of a locked object"), for the
// keychain-refused worlds of the engine tests; what is set is kept, so a later unlock can read it.
import { err, ok } from '../../../../electron/api/errors';
import type { SecretStore } from '../../../../electron/core/ports';
import { MemorySecrets } from '../../support/engine-harness';

export const LOCKED = 'The system keychain is not available (Cannot get secret of a locked object).';

/** Refuses to read the entries `refuses` picks (every one unless told), and keeps the rest as stored. */
export class RefusingSecrets implements SecretStore {
  readonly store = new MemorySecrets();
  constructor(private readonly refuses: (account: string) => boolean = () => true) {}
  async get(account: string): ReturnType<SecretStore['get']> {
    if (this.refuses(account)) return err({ kind: 'unavailable', message: LOCKED });
    return ok(this.store.entries.get(account));
  }
  set = (account: string, secret: string) => this.store.set(account, secret);
  delete = (account: string) => this.store.delete(account);
}
