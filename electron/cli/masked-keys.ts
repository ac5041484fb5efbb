// The keys the status command may meet in a file it keeps aside (`--ack`, `--ics`): registered for masking by value,
// as the app's own key holder does (keys.ts), so a backup never keeps one under an ordinary field name ("note").
import { keychainEntries, type AccountId } from '../shared/accounts';
import { hostOf } from '../core/engine/clients';
import type { SecretStore } from '../core/ports';
import { rememberSecret } from '../core/storage/redact-secrets';

/** ONCALL_API_KEY and every ONCALL_API_KEY_<ID>. */
export function rememberEnvKeys(env: Readonly<Record<string, string | undefined>>): void {
  for (const [name, value] of Object.entries(env))
    if (name === 'ONCALL_API_KEY' || name.startsWith('ONCALL_API_KEY_')) rememberSecret(value?.trim());
}

/** Each account's stored key (its own entry and the main account's older host-named one); read only, never moved. */
export async function rememberStoredKeys(
  secrets: SecretStore,
  accounts: readonly { id: AccountId; baseUrl: string }[],
): Promise<void> {
  for (const a of accounts) {
    const host = hostOf(a.baseUrl);
    if (host === undefined) continue;
    const entries = keychainEntries(a.id, host);
    for (const name of [entries.own, entries.legacy]) {
      if (name === null) continue;
      const got = await secrets.get(name);
      if (got.ok) rememberSecret(got.value);
    }
  }
}
