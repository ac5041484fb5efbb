// Runs inside a private D-Bus session (see test/system/keychain.test.ts): exercises the keychain SecretStore on
// the real keytar and whatever Secret Service the session has, and prints one RESULT line of what it saw.
import { createKeychainStore } from '../../../electron/adapters/keychain';

const ACCOUNT = 'oncall.example.com';
const logs: string[] = [];
const log = (m: string) => logs.push(m);
const store = createKeychainStore({ log });
const steps: Record<string, unknown> = {};
steps.initial = await store.get(ACCOUNT);
steps.set = await store.set(ACCOUNT, 'ocs_key_one');
steps.get = await store.get(ACCOUNT);
// A new store is what the app sees after a restart: only what the keychain kept.
steps.afterRestart = await createKeychainStore().get(ACCOUNT);
steps.replace = await store.set(ACCOUNT, 'ocs_key_two');
steps.getReplaced = await createKeychainStore().get(ACCOUNT);
try {
  const keytar = await import('keytar');
  steps.credentials = await keytar.default.findCredentials('OnCall Tray');
} catch (error) {
  steps.credentials = `unavailable: ${error instanceof Error ? error.message : String(error)}`;
}
steps.delete = await store.delete(ACCOUNT);
steps.afterDelete = await createKeychainStore().get(ACCOUNT);
console.log(`RESULT ${JSON.stringify({ steps, logs })}`);
