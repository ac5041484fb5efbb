// Who I am at one account's service, remembered (issue 47, adv47 r25 #1; sync/identity.ts says what a read shows).
// The user my e-mail last resolved to is kept per account and service in a file, so a read where my e-mail names
// nobody but that user is still listed keeps my shifts mine and says the mismatch once. The file is a claim (issue
// 52): its id is checked (a service user id, bounded), its service must be this account's, a bad one is set aside and
// said once, and a fresh match of my e-mail always wins and replaces it.
import { z } from 'zod';
import type { AccountId } from '../../shared/accounts';
import { MAIN_ACCOUNT_ID } from '../../shared/accounts';
import type { ServiceSettings } from '../../shared/settings';
import type { FileStore, Notifier } from '../ports';
import type { AppState } from '../../shared/view-state';
import { originOf } from '../storage/cache-origin';
import { heldAfterEmailChange, identityNoticeIds, withMyEmail, type IdentityRead } from '../sync/identity';
import type { HeldSnapshot } from './session-snapshot';

const RecordSchema = z.object({
  version: z.literal(1),
  address: z.string().max(2048),
  userId: z.string().regex(/^usr_[A-Za-z0-9_-]{1,120}$/),
  /** The service's address for me last told ("Acme lists you as …"): told once until my e-mail matches again. */
  told: z.string().max(320).optional(),
});
type IdentityRecord = z.infer<typeof RecordSchema>;

export function identityFileOf(accountId: AccountId): string {
  return accountId === MAIN_ACCOUNT_ID ? 'identity.json' : `identity-${accountId}.json`;
}

export interface SessionIdentityOptions {
  accountId: AccountId;
  files: FileStore;
  notifier: Notifier;
  settings: () => ServiceSettings;
  log: (message: string) => void;
  changed: () => void;
  /** The account's name while there are several (then the state's notices and titles name it already). */
  notificationLabel: () => string | undefined;
}

export interface SessionIdentity {
  load(): Promise<void>;
  /** The user my e-mail last resolved to at this account's service; null when none is known. */
  rememberedId(): string | null;
  /** What a read showed of me: remembered, told, and the problem said or cleared. */
  settled(read: IdentityRead): void;
  notices(): AppState['notices'];
  /** My e-mail changed in Settings: saved data holding my user under the old one (a move at the service) names me
   *  as Settings do now, unless the new e-mail is someone's the saved data lists. Said anew, not a change. */
  emailChanged(held: Pick<HeldSnapshot, 'get' | 'restate'>, before: string, after: string): void;
  settledFiles(): Promise<void>;
  remove(): Promise<void>;
}

export const identityNoticeId = identityNoticeIds.moved;

/** Why my shifts at the account are unknown when my e-mail names no one there: the note every "no shift of yours"
 *  carries in its place (lower case: it is joined into a note). */
const unmatchedNote = (label: string, email: string): string =>
  `no one on ${label}'s schedules has the e-mail ${email}`;

/** "No one is me": a problem whose fix is the account's e-mail field, and the note that keeps "off call" unsaid. */
function absentNotice(o: SessionIdentityOptions, email: string): AppState['notices'][number] {
  const label = o.settings().accountLabel;
  const unmatched = unmatchedNote(label, email);
  // With several accounts the state names the account before it ("Work: "), as it does the moved e-mail's words.
  const whose = o.notificationLabel() === undefined ? `${label}'s` : 'its';
  const message = `No one on ${whose} schedules has the e-mail ${email} — check the e-mail in Settings.`;
  return { id: identityNoticeIds.absent(o.accountId), message, accountId: o.accountId, unmatched };
}

/** The problem in words: the account (named by the state's "Work: " with several), the address the service has for
 *  me now, the one Settings have, the fix. */
export function movedMessage(o: SessionIdentityOptions, serviceEmail: string): string {
  const s = o.settings();
  const who = o.notificationLabel() === undefined ? s.accountLabel : 'The service';
  return `${who} lists you as ${serviceEmail} now; Settings say ${s.email.trim()}. Update the e-mail in Settings.`;
}

function tell(o: SessionIdentityOptions, serviceEmail: string): void {
  const label = o.notificationLabel();
  const title = `${label === undefined ? '' : `${label} · `}Check your e-mail in Settings`;
  const body = movedMessage(o, serviceEmail);
  // What Settings reads (its view params, as the tray's item opens it): the account and its e-mail field.
  const params = { account: o.accountId, section: 'email' };
  void o.notifier
    .notify({ id: identityNoticeId(o.accountId), title, body, target: 'settings', params })
    .catch(() => undefined);
}

/** The problems said while they hold: my user under another e-mail; my e-mail naming no one (said of the e-mail the
 *  read found no one under: one changed in Settings since waits for the next read). */
function problems(o: SessionIdentityOptions, moved: string | undefined, absent: string | undefined) {
  const email = o.settings().email.trim();
  const open = moved !== undefined && moved.toLowerCase() !== email.toLowerCase();
  const problem = open
    ? { id: identityNoticeId(o.accountId), message: movedMessage(o, moved ?? ''), accountId: o.accountId }
    : undefined;
  return [problem, absent !== undefined && absent === email ? absentNotice(o, absent) : undefined];
}

export function createSessionIdentity(o: SessionIdentityOptions): SessionIdentity {
  const file = identityFileOf(o.accountId);
  let record: IdentityRecord | undefined;
  let moved: string | undefined;
  /** The e-mail a read found no one under (every schedule listing its people), until a read finds me. */
  let absent: string | undefined;
  let damaged: AppState['notices'][number] | undefined;
  let writing: Promise<void> = Promise.resolve();
  const address = (): string => originOf(o.settings()).address;
  const save = (next: IdentityRecord | undefined): void => {
    record = next;
    const text = next && JSON.stringify(next);
    writing = writing
      .then(() => (text ? o.files.writeAtomic(file, text) : o.files.remove(file)))
      .catch(() => o.log('identity: the record of who you are could not be saved'));
  };
  const rememberedId = (): string | null => (record && record.address === address() ? record.userId : null);
  return {
    async load() {
      const text = await o.files.read(file).catch(() => undefined);
      if (text === undefined) return;
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        raw = undefined;
      }
      const read = RecordSchema.safeParse(raw);
      if (read.success) {
        record = read.data;
        return;
      }
      const where = await o.files.backup(file).catch(() => undefined);
      damaged = {
        id: `identity-damaged:${o.accountId}`,
        message: `The saved record of who you are at ${o.settings().accountLabel} could not be read${where ? `; it was set aside (${where})` : ''}. Your e-mail in Settings is used.`,
      };
    },
    rememberedId,
    settled(read) {
      if (read.kind === 'unsettled') return;
      const was = `${moved}|${absent}`;
      absent = read.kind === 'absent' ? read.email : undefined;
      if (read.kind === 'absent') moved = undefined;
      else if (read.kind === 'matched') {
        moved = undefined;
        if (record?.userId !== read.userId || record.address !== address() || record.told !== undefined)
          save({ version: 1, address: address(), userId: read.userId });
      } else {
        moved = read.serviceEmail;
        if (record && record.told !== read.serviceEmail) {
          save({ ...record, told: read.serviceEmail });
          tell(o, read.serviceEmail);
        }
      }
      if (was !== `${moved}|${absent}`) o.changed();
    },
    notices() {
      return [...problems(o, moved, absent), damaged].filter((n) => n !== undefined);
    },
    emailChanged(held, before, after) {
      const id = rememberedId();
      if (id === null || before === after) return;
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
