// What one account's reminders share with the others: the record of reminders shown (one file) and the notifier.
// Each account sees them through a scope: its keys carry the account (so equal schedule ids and shift times on two
// services are two reminders, not one), a notification names the account when there are several, and its click
// opens the schedule by its ref. The main account's keys are unchanged, so an upgraded record is honoured as is.
import { accountNamed } from '../../shared/account-names';
import { isRecordKeyOf, MAIN_ACCOUNT_ID, recordKeyPrefix, scheduleRef, type AccountId } from '../../shared/accounts';
import type { Notifier } from '../ports';
import type { FiredStore, HeldMessage } from '../storage/fired-store';
import { maskKnownSecrets } from '../storage/redact-secrets';

const prefixOf = recordKeyPrefix;
const keyOfAccount = isRecordKeyOf;

/** Keys a sibling account's record answers for too: a reminder shown, not one that passed unshown while that account
 *  was silent (the account speaking then shows it) nor its own record of blocks (held-read.ts). */
const sharedKey = (key: string): boolean => !key.startsWith('passed:') && !key.startsWith('mine:');

/** `kin`: the other accounts of the same service; what one of them showed counts as shown here (told once, also
 *  when the account that speaks for a shared schedule changes: a mute moved between them). */
export function scopedFired(fired: FiredStore, accountId: AccountId, kin?: () => readonly AccountId[]): FiredStore {
  const prefix = prefixOf(accountId);
  const byKin = (key: string): boolean =>
    kin !== undefined && sharedKey(key) && kin().some((id) => fired.has(`${prefixOf(id)}${key}`));
  const inward = (key: string): string => `${prefix}${key}`;
  const outward = (key: string): string => key.slice(prefix.length);
  const mine = (): HeldMessage[] => fired.held().filter((h) => keyOfAccount(h.key, accountId));
  return {
    has: (key) => fired.has(inward(key)) || byKin(key),
    add: (entries, held) =>
      fired.add(
        entries.map((e) => ({ ...e, key: inward(e.key) })),
        held?.map((h) => ({ ...h, key: inward(h.key) })),
      ),
    keys: () =>
      fired
        .keys()
        .filter((k) => keyOfAccount(k, accountId))
        .map(outward),
    held: () => mine().map((h) => ({ ...h, key: outward(h.key) })),
    releaseHeld: (entries, keys) =>
      fired.releaseHeld(
        entries.map((e) => ({ ...e, key: inward(e.key) })),
        (keys ?? mine().map((h) => outward(h.key))).map(inward),
      ),
    forget: (match) => fired.forget((k) => keyOfAccount(k, accountId) && match(outward(k))),
    untrue: (held, why) =>
      fired.untrue(
        held.map((h) => ({ ...h, key: inward(h.key) })),
        why,
      ),
    untrueKeys: (keys, why) => fired.untrueKeys(keys.map(inward), why),
    handledBeforeMs: () => fired.handledBeforeMs(),
    owedAtSave: (key) => fired.owedAtSave(inward(key)),
    owing: (owed) => fired.owing((savedAtMs) => owed(savedAtMs)?.map(inward)),
    settled: () => fired.settled(),
  };
}

/** The account's notifications: keyed by account, titled with its name while there are several, and opening the
 *  schedule by its ref. */
export function scopedNotifier(notifier: Notifier, accountId: AccountId, label: () => string | undefined): Notifier {
  const prefix = prefixOf(accountId);
  return {
    notify(n) {
      const name = label();
      const scheduleId = n.params?.['scheduleId'];
      return notifier.notify({
        ...n,
        id: `${prefix}${n.id}`,
        // A key never reaches a notification, whatever text carried it (issue 52).
        title: maskKnownSecrets(accountNamed(name, n.title)),
        body: maskKnownSecrets(n.body),
        ...(n.params
          ? {
              params: {
                ...n.params,
                ...(scheduleId === undefined ? {} : { scheduleId: scheduleRef(accountId, scheduleId) }),
                ...(accountId === MAIN_ACCOUNT_ID ? {} : { accountId }),
              },
            }
          : {}),
      });
    },
  };
}
