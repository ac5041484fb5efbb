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
export function scopedFired(
  fired: FiredStore,
  accountId: AccountId,
  kin?: () => readonly AccountId[],
  tells?: (held: HeldMessage) => boolean,
): FiredStore {
  const prefix = prefixOf(accountId);
  const kinIds = (): readonly AccountId[] => kin?.() ?? [];
  const byKin = (key: string): boolean => sharedKey(key) && kinIds().some((id) => fired.has(`${prefixOf(id)}${key}`));
  const inward = (key: string): string => `${prefix}${key}`;
  const outward = (key: string): string => key.slice(prefix.length);
  const mine = (): HeldMessage[] => heldTold(fired, accountId, kinIds(), tells);
  // A held message's key as stored: its own account's prefix, whichever of the service's accounts held it.
  const stored = (key: string): string[] => [accountId, ...kinIds()].map((id) => `${prefixOf(id)}${key}`);
  // The blocks the app had as mine through any account of the service: the same person at the same service.
  const kinMine = (): string[] =>
    kinIds().flatMap((id) =>
      fired
        .keys()
        .filter((k) => keyOfAccount(k, id) && k.slice(prefixOf(id).length).startsWith('mine:'))
        .map((k) => k.slice(prefixOf(id).length)),
    );
  return {
    has: (key) => fired.has(inward(key)) || byKin(key),
    add: (entries, held) =>
      fired.add(
        entries.map((e) => ({ ...e, key: inward(e.key) })),
        held?.map((h) => ({ ...h, key: inward(h.key) })),
      ),
    keys: () => [
      ...new Set([
        ...fired
          .keys()
          .filter((k) => keyOfAccount(k, accountId))
          .map(outward),
        ...kinMine(),
      ]),
    ],
    held: () => mine().map((h) => ({ ...h, key: unprefixed(h.key, accountId, kinIds()) })),
    releaseHeld: (entries, keys) =>
      fired.releaseHeld(
        entries.map((e) => ({ ...e, key: inward(e.key) })),
        keys === undefined ? mine().map((h) => h.key) : keys.flatMap(stored),
      ),
    forget: (match) => fired.forget((k) => keyOfAccount(k, accountId) && match(outward(k))),
    untrue: (held, why) => {
      const kept = fired.held();
      const asStored = (key: string): string => stored(key).find((k) => kept.some((h) => h.key === k)) ?? inward(key);
      fired.untrue(
        held.map((h) => ({ ...h, key: asStored(h.key) })),
        why,
      );
    },
    untrueKeys: (keys, why) => fired.untrueKeys(keys.map(inward), why),
    handledBeforeMs: () => fired.handledBeforeMs(),
    owedAtSave: (key) => fired.owedAtSave(inward(key)),
    owing: (owed) => fired.owing((savedAtMs) => owed(savedAtMs)?.map(inward)),
    settled: () => fired.settled(),
  };
}

/** The held messages an account tells when quiet time ends: a held message belongs to its statement (the block of the
 *  service's schedule, its coverage list), not to the account that was telling when it was held. With `tells` (what
 *  this account tells now, shared/accounts.ts toldElsewhereAt), a message another account of the service held is
 *  this one's to tell, and its own of a schedule another tells now is that one's: told once, named by the account
 *  telling it when shown. A pause ending inside quiet hours moved the teller and lost what was held (adv47 r40 #1). */
function heldTold(
  fired: FiredStore,
  accountId: AccountId,
  kin: readonly AccountId[],
  tells: ((held: HeldMessage) => boolean) | undefined,
): HeldMessage[] {
  const shared = (h: HeldMessage): boolean => h.scheduleId !== undefined || h.kind === 'coverage';
  return fired.held().filter((h) => {
    if (keyOfAccount(h.key, accountId)) return tells?.(h) ?? true;
    return tells !== undefined && shared(h) && kin.some((id) => keyOfAccount(h.key, id)) && tells(h);
  });
}

/** A stored held key without the prefix of the account of the service that held it. */
function unprefixed(key: string, accountId: AccountId, kin: readonly AccountId[]): string {
  const holder = [accountId, ...kin].find((id) => keyOfAccount(key, id)) ?? accountId;
  return key.slice(prefixOf(holder).length);
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
