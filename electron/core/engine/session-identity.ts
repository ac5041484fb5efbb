// Who I am at one account's service, remembered (issue 47, adv47 r25 #1; sync/identity.ts says what a read shows).
// The user my e-mail last resolved to is kept per account and service in a file, so a read where my e-mail names
// nobody but that user is still listed keeps my shifts mine and says the mismatch once. The file is a claim (issue
// 52): signed, naming the e-mail it was resolved from (storage/identity-record.ts), used only for that e-mail at this
// account's service; a bad or false one is set aside and said once, and a fresh match of my e-mail always wins.
import type { AccountId } from '../../shared/accounts';
import { MAIN_ACCOUNT_ID } from '../../shared/accounts';
import type { ServiceSettings } from '../../shared/settings';
import type { Clock, FileStore, Notifier } from '../ports';
import type { AppState } from '../../shared/view-state';
import { originOf } from '../storage/cache-origin';
import { checkIdentity, identityText, idOf, type IdentityRecord } from '../storage/identity-record';
import { afterFirstRead, type RecordSigner } from '../storage/record-key';
import { absentInSaved, heldAfterEmailChange, identityNoticeIds, withMyEmail } from '../sync/identity';
import type { IdentityRead } from '../sync/identity';
import type { HeldSnapshot } from './session-snapshot';
import { absentNotice, movedMessage, tell, unknownAddress, type Given } from './identity-words';

export function identityFileOf(accountId: AccountId): string {
  return accountId === MAIN_ACCOUNT_ID ? 'identity.json' : `identity-${accountId}.json`;
}

export interface SessionIdentityOptions {
  accountId: AccountId;
  files: FileStore;
  clock: Clock;
  /** The install's record key (record-key.ts); undefined (or none given) without a keychain: then unsigned. */
  signer?: () => Promise<RecordSigner | undefined>;
  notifier: Notifier;
  settings: () => ServiceSettings;
  log: (message: string) => void;
  changed: () => void;
  /** The account's name while there are several (then the state's notices and titles name it already). */
  notificationLabel: () => string | undefined;
}

export interface SessionIdentity {
  /** Reads the record; `saved` (the account's saved data) restores "my e-mail names no one" its read said. */
  load(saved?: { held: Pick<HeldSnapshot, 'get'>; scheduleIds: readonly string[] }): Promise<void>;
  /** The user my e-mail last resolved to at this account's service; null when none is known. */
  rememberedId(): string | null;
  /** Whether that user is the app's own word: a record its key signed, or one this run wrote (adv52 r62 #1). */
  vouched(): boolean;
  /** The address a write names me by (client-as-held.ts): the one the service lists my remembered user under now. */
  writeAs(): { email: string } | { refused: string };
  /** What a read showed of me: remembered, told, and the problem said or cleared. */
  settled(read: IdentityRead): void;
  notices(): AppState['notices'];
  /** My e-mail changed in Settings: saved data holding my user under the old one (a move at the service) names me
   *  as Settings do now, unless the new e-mail is someone's the saved data lists. Said anew, not a change. */
  emailChanged(held: Pick<HeldSnapshot, 'get' | 'restate'>, before: string, after: string): void;
  settledFiles(): Promise<void>;
  remove(): Promise<void>;
}

export { movedMessage };
export const identityNoticeId = identityNoticeIds.moved;

/** The problems said while they hold: my user under another e-mail; my e-mail naming no one (said of the e-mail the
 *  read found no one under: one changed in Settings since waits for the next read). */
function problems(o: SessionIdentityOptions, moved: string | undefined, absent: string | undefined, given: Given) {
  const email = o.settings().email.trim();
  const open = moved !== undefined && moved.toLowerCase() !== email.toLowerCase();
  const problem = open
    ? { id: identityNoticeId(o.accountId), message: movedMessage(o, moved ?? '', given), accountId: o.accountId }
    : undefined;
  return [problem, absent !== undefined && absent === email ? absentNotice(o, absent) : undefined];
}

/** The file not used, in words naming it and why, never quoting it; where it was set aside. */
function setAsideText(
  o: SessionIdentityOptions,
  file: string,
  read: { kind: 'damaged' } | { kind: 'refused'; reason: string },
  where: string | undefined,
): string {
  const what = `The saved record of who you are at ${o.settings().accountLabel} (${file})`;
  const why = read.kind === 'damaged' ? 'could not be read' : `was not used: ${read.reason}`;
  // Not written over until it is set aside (kept-first.ts): the record is held in memory meanwhile.
  const kept = where
    ? `; it was set aside (${where})`
    : '; setting it aside failed too, so the app keeps its own record in memory until there is room';
  return `${what} ${why}${kept}. Your e-mail in Settings is used.`;
}

/** The record read back as a claim (issue 52): used, or set aside and said. */
async function readRecord(
  o: SessionIdentityOptions,
  file: string,
): Promise<{ record?: IdentityRecord; damaged?: AppState['notices'][number]; signed?: boolean }> {
  const signer = await o.signer?.().catch(() => undefined);
  const text = await o.files.read(file).catch(() => undefined);
  // Checked before it is marked read, so a MAC no key holds under a fresh key reads as the lost key's (as every
  // record does); then read once under this key, found or not: a file put there later (this run, or the next
  // engine of this process) is never taken in without the app's MAC.
  const read =
    text === undefined
      ? undefined
      : checkIdentity(file, text, { email: o.settings().email, nowMs: o.clock.now(), signer });
  afterFirstRead(signer, file);
  if (read === undefined) return {};
  // With a key, checkIdentity used it only under the app's MAC; without one, nothing tells it from a copy.
  if (read.kind === 'used') return { record: read.record, signed: signer !== undefined };
  const where = await o.files.backup(file).catch(() => undefined);
  return { damaged: { id: `identity-damaged:${o.accountId}`, message: setAsideText(o, file, read, where) } };
}

export function createSessionIdentity(o: SessionIdentityOptions): SessionIdentity {
  const file = identityFileOf(o.accountId);
  let record: IdentityRecord | undefined;
  let vouched = false;
  let moved: string | undefined;
  let given: Given;
  /** The e-mail a read found no one under (every schedule listing its people), until a read finds me. */
  let absent: string | undefined;
  let damaged: AppState['notices'][number] | undefined;
  let writing: Promise<void> = Promise.resolve();
  const address = (): string => originOf(o.settings()).address;
  const save = (next: IdentityRecord | undefined): void => {
    record = next;
    vouched = true;
    writing = writing
      .then(async () => {
        if (next === undefined) return o.files.remove(file);
        const signer = await o.signer?.().catch(() => undefined);
        return o.files.writeAtomic(file, identityText(file, next, signer));
      })
      .catch(() => o.log('identity: the record of who you are could not be saved'));
  };
  const rememberedId = (): string | null => idOf(record, address(), o.settings().email);
  return {
    async load(saved) {
      ({ record, damaged, signed: vouched = false } = await readRecord(o, file));
      const email = o.settings().email;
      if (saved) absent = absentInSaved(saved.held.get(), saved.scheduleIds, email, rememberedId());
    },
    rememberedId,
    vouched: () => vouched,
    writeAs() {
      // The last read listed my user under `moved`; a move told before this run and not settled by a read since
      // leaves it unknown: Settings' e-mail may be a colleague's by now, so it is not written.
      if (moved !== undefined || rememberedId() === null) return { email: moved ?? o.settings().email.trim() };
      return record?.told === undefined ? { email: o.settings().email.trim() } : { refused: unknownAddress(o) };
    },
    settled(read) {
      if (read.kind === 'unsettled') return;
      const was = `${moved}|${absent}|${given?.to.name}`;
      absent = read.kind === 'absent' ? read.email : undefined;
      given = read.kind === 'moved' ? read.given : undefined;
      if (read.kind === 'absent') moved = undefined;
      else if (read.kind === 'matched') {
        moved = undefined;
        const email = o.settings().email.trim();
        if (idOf(record, address(), email) !== read.userId || record?.told !== undefined)
          save({ version: 1, address: address(), userId: read.userId, email, resolvedAtMs: o.clock.now() });
      } else {
        moved = read.serviceEmail;
        // Told again when my address is given to another since: the fix is no longer "Settings follow the move".
        const told = `${read.serviceEmail}${read.given ? ` ${read.given.to.id}` : ''}`;
        if (record && record.told !== told) {
          save({ ...record, told });
          tell(o, read.serviceEmail, read.given);
        }
      }
      if (was !== `${moved}|${absent}|${given?.to.name}`) o.changed();
    },
    notices() {
      return [...problems(o, moved, absent, given), damaged].filter((n) => n !== undefined);
    },
    emailChanged(held, before, after) {
      // The record was made for the e-mail Settings had until now (Settings already say `after`).
      // Only while I am held under it (the service lists my user under another e-mail): a change made while my
      // e-mail still named me is the user choosing another identity, taken as typed (readiness-fix-account's worlds).
      const id = idOf(record, address(), before);
      if (id === null || before === after || moved === undefined) return;
      const now = held.get();
      if (heldAfterEmailChange(now, id, after) !== now) held.restate((s) => withMyEmail(s, id, after.trim()));
    },
    settledFiles: () => writing,
    async remove() {
      await writing;
      record = undefined;
      await o.files.remove(file);
    },
  };
}
