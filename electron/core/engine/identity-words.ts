// The words of who I am at one account's service (session-identity.ts holds the state): my user under another
// e-mail, my e-mail given to another user, my e-mail naming no one.
import type { AccountId } from '../../shared/accounts';
import type { ServiceSettings } from '../../shared/settings';
import type { AppState } from '../../shared/view-state';
import { identityNoticeIds } from '../sync/identity';
import type { Notifier } from '../ports';

/** What the words need of the session: the account, its settings, its name with several, where to tell. */
export interface Speaker {
  accountId: AccountId;
  notifier: Notifier;
  settings: () => ServiceSettings;
  notificationLabel: () => string | undefined;
}

/** Why my shifts at the account are unknown when my e-mail names no one there: the note every "no shift of yours"
 *  carries in its place (lower case: it is joined into a note). */
const unmatchedNote = (label: string, email: string): string =>
  `no one on ${label}'s schedules has the e-mail ${email}`;

/** "No one is me": a problem whose fix is the account's e-mail field, and the note that keeps "off call" unsaid. */
export function absentNotice(o: Speaker, email: string): AppState['notices'][number] {
  const label = o.settings().accountLabel;
  const unmatched = unmatchedNote(label, email);
  // With several accounts the state names the account before it ("Work: "), as it does the moved e-mail's words.
  const whose = o.notificationLabel() === undefined ? `${label}'s` : 'its';
  const message = `No one on ${whose} schedules has the e-mail ${email} — check the e-mail in Settings.`;
  return { id: identityNoticeIds.absent(o.accountId), message, accountId: o.accountId, unmatched };
}

/** My address given to another user (adv52 r45): my user's name and theirs, as the service lists them. */
export type Given = { mine: string; to: { name: string } } | undefined;

/** The problem in words: the account (named by the state's "Work: " with several), the address the service has for
 *  me now, the one Settings have (and whose it is now, when given to another), the fix. */
export function movedMessage(o: Speaker, serviceEmail: string, given?: Given): string {
  const s = o.settings();
  const who = o.notificationLabel() === undefined ? s.accountLabel : 'The service';
  const fix = 'Update the e-mail in Settings.';
  if (given)
    return `${who} lists you (${given.mine}) as ${serviceEmail} now, and ${s.email.trim()} is now ${given.to.name}'s. ${fix}`;
  return `${who} lists you as ${serviceEmail} now; Settings say ${s.email.trim()}. ${fix}`;
}

export function tell(o: Speaker, serviceEmail: string, given: Given): void {
  const label = o.notificationLabel();
  const title = `${label === undefined ? '' : `${label} · `}Check your e-mail in Settings`;
  const body = movedMessage(o, serviceEmail, given);
  // What Settings reads (its view params, as the tray's item opens it): the account and its e-mail field.
  const params = { account: o.accountId, section: 'email' };
  void o.notifier
    .notify({ id: identityNoticeIds.moved(o.accountId), title, body, target: 'settings', params })
    .catch(() => undefined);
}

/** A write for me refused (client-as-held.ts): the service moved my user before this run and no read since has said
 *  under which e-mail it lists me now, so Settings' one may be a colleague's. */
export function unknownAddress(o: Speaker): string {
  const s = o.settings();
  return `Nothing was sent: ${s.accountLabel} listed you under another e-mail than ${s.email.trim()}, and it is not known which one it lists you under now. Update the e-mail in Settings.`;
}
