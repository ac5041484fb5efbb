// A Settings → Phone save is all or nothing (adv52 r21 #1): the keys go into the keychain before settings.json, so
// when the file can't be saved (a read-only data folder) the keychain is put back as it was, and the escalator is not
// made anew, so "Nothing was changed" is true: no booking is moved off the topic the phone is subscribed to.
import type { PhoneSecrets } from '../../shared/phone-intent';
import type { EscalationSettings } from '../../shared/escalation-settings';
import { SECRET_ACCOUNTS } from '../escalation/types';
import type { SecretStore } from '../ports';
import { NTFY_SERVER_ACCOUNT } from './phone-binding';

/** Each keychain entry a save may write, as it was before (undefined: none). */
export type KeychainBefore = ReadonlyMap<string, string | undefined>;

/** The keychain entries a save of these secrets (and settings) writes. */
function accountsOf(settings: EscalationSettings, given: PhoneSecrets | undefined): string[] {
  const named = Object.keys(given ?? {}).flatMap((name) => {
    const account: unknown = Reflect.get(SECRET_ACCOUNTS, name);
    return typeof account === 'string' ? [account] : [];
  });
  return settings.provider === 'ntfy' ? [...named, NTFY_SERVER_ACCOUNT] : named;
}

/** What the keychain holds now for the entries the save writes; why not, in words (no value), when it can't say. */
export async function readBefore(
  secrets: SecretStore,
  settings: EscalationSettings,
  given: PhoneSecrets | undefined,
): Promise<KeychainBefore | string> {
  const before = new Map<string, string | undefined>();
  for (const account of accountsOf(settings, given)) {
    const got = await secrets.get(account);
    if (!got.ok) return got.error.message;
    before.set(account, got.value || undefined);
  }
  return before;
}

/** Puts each entry back as it was; why not, in words (no value), when the keychain refused one. */
export async function putBack(secrets: SecretStore, before: KeychainBefore): Promise<string | undefined> {
  let refused: string | undefined;
  for (const [account, value] of before) {
    const r = value === undefined ? await secrets.delete(account) : await secrets.set(account, value);
    if (!r.ok) refused ??= r.error.message;
  }
  return refused;
}
