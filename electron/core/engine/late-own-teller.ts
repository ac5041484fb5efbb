// The app's own write that the service applied after its settle, over a later own write with other people (adv48 r43
// #1: Bob's 504 applied at 200 s over Carol, chosen after it): the service now holds the stale choice, and there is
// no delete to undo it, so the app says so, once (the record is marked seen: sync/late-own.ts), with the way back:
// the override form prefilled with the later choice (it reads the schedule again before writing, as every write).
import type { AccountId } from '../../shared/accounts';
import type { Snapshot } from '../model/snapshot';
import type { Clock, NotificationRequest, Notifier } from '../ports';
import { lateLandings, type LateLanding } from '../sync/late-own';
import { peopleWords, windowWords, type At } from '../actions/late-watch';
import { scopedNotifier } from './account-scope';

export interface LateTellerOptions {
  accountId: AccountId;
  clock: Clock;
  notifier: Notifier;
  notificationLabel: () => string | undefined;
  localZone: () => string;
  settings: () => { email: string };
  log: (message: string) => void;
  /** The snapshot with every account of the service's own-write records (state/service-writes.ts). */
  serviceWrites?: (snap: Snapshot) => Snapshot;
}

/** "The service applied your earlier request late: Bob Stone now covers Tue 11:00 – 15:00 (…), over Carol Lee, …". */
export function lateLandingText(s: Snapshot, l: LateLanding, at: At): string {
  if (l.over === undefined)
    return `The service applied your take-over late: you now cover ${windowWords(s, l.write, at)}, after you asked to hand it back.`;
  const who = peopleWords(s, l.write.scheduleId, l.write.covering ?? [], at.me);
  const later = peopleWords(s, l.over.scheduleId, l.over.covering ?? [], at.me);
  const covers = who === 'you' ? 'you now cover' : `${who} now covers`;
  const chosen = later === 'you' ? 'you, as you chose after it' : `${later}, whom you chose after it`;
  return `The service applied your earlier request late: ${covers} ${windowWords(s, l.write, at)}, over ${chosen}.`;
}

function noticeOf(s: Snapshot, l: LateLanding, at: At): NotificationRequest {
  const me = at.me.trim().toLowerCase();
  const id = `late-own:${l.write.scheduleId}:${l.write.start}:${l.write.createdAt}`;
  // Landed after Hand back was asked: the popover, where Hand back is offered, is where the user goes on from.
  if (l.over === undefined)
    return { id, title: 'Your take-over was applied late', body: lateLandingText(s, l, at), target: 'status' };
  const later = l.over.covering ?? [];
  const onlyMe = later.length === 1 && later[0] === me;
  return {
    id,
    title: 'Your earlier request was applied late',
    body: lateLandingText(s, l, at),
    // Opens the form on the later choice's window and people: writing it again is the user's call.
    target: 'override',
    params: {
      scheduleId: l.over.scheduleId,
      start: l.over.start,
      end: l.over.end,
      who: onlyMe ? 'me' : 'others',
      ...(onlyMe ? {} : { people: later.join(',') }),
    },
  };
}

/** Folds a sync pass's snapshot through the watch: the late landings it shows are marked seen and told, once. */
export function createLateTeller(o: LateTellerOptions): (next: Snapshot) => Snapshot {
  const notifier = scopedNotifier(o.notifier, o.accountId, o.notificationLabel);
  return (next) => {
    const { snapshot, landed } = lateLandings(next, o.clock.now(), o.serviceWrites?.(next) ?? next);
    const at = { nowMs: o.clock.now(), localZone: o.localZone(), me: o.settings().email };
    for (const l of landed) {
      const notice = noticeOf(snapshot, l, at);
      notifier.notify(notice).catch(() => o.log('late own write: the notification could not be shown'));
    }
    return snapshot;
  };
}
