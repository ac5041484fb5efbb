// What a hand-off says, per item and in one line: only what each item's own state says ("handed off" only for an
// override the service answered or shows; "outcome unknown (checking…)" for one that may have landed). Main words
// the run once (handoffSaid) and sends it with the status: the renderer shows these texts as they are.
import type { HandoffItem, HandoffItemState, HandoffRun, HandoffSaid } from './handoff';
import { answerSaid, type WriteAnswer } from './write-answer';

type Counted = Exclude<HandoffItemState, 'handed_off'>;

const ORDER: Counted[] = ['sending', 'unknown', 'changed', 'refused', 'not_landed', 'not_sent', 'pending'];

const PHRASE: Record<Counted, string> = {
  sending: 'being sent',
  unknown: 'outcome unknown (checking…)',
  refused: 'refused',
  not_landed: 'did not land',
  not_sent: 'not sent',
  pending: 'waiting to be sent',
  changed: 'changed since you planned it (not sent)',
};

/** A saved "handed off" the service does not show as the hand-off made it (issue 52): nothing is written from it,
 *  a Retry included; the user plans it again if it is still theirs. */
export const UNCONFIRMED_PREFIX = "Can't confirm it:";
/** A write not confirmed (its answer as it was), on a schedule that shows exactly what was planned (as before it was sent): it
 *  never landed, or it landed and a later change put the same people back. The service lists no overrides, so the
 *  two can't be told apart: one wording for every flow (away items, swap sides, the override form), never "did not
 *  land", never "changed since", never sent again. */
export const mayHaveLanded = (answer: WriteAnswer | undefined): string =>
  `${UNCONFIRMED_PREFIX} ${answerSaid(answer, 'it')} (it may have landed, and a later change may have put the same people back), and the schedule does not show it, so nothing was sent. Check this shift in My shifts.`;
export const MAY_HAVE_LANDED = mayHaveLanded({ got: 'none' });
export const unconfirmed = (i: Pick<HandoffItem, 'state' | 'outcome'>): boolean =>
  i.state === 'changed' && i.outcome === 'unconfirmed';

/** The write path's words for a write not shown yet that the service may still apply (a 5xx, override-verify.ts). */
export const STILL_CHECKING = "Can't confirm yet";
/** A write answered with a 5xx that the schedule doesn't show yet: kept as not landed (Retry waits out the settle and
 *  looks first) but said as what it is, outcome unknown, never "did not land" (adv47 round 16 #3). */
export const stillChecking = (i: Pick<HandoffItem, 'state' | 'message'>): boolean =>
  i.state === 'not_landed' && i.message.includes(STILL_CHECKING);
/** The state an item is said as (summary and headline). */
const saidAs = (i: HandoffItem): HandoffItemState => (stillChecking(i) ? 'unknown' : i.state);

/** What was refused, in the refusal's own words ("Person 1 (bob@…): no such user"), else the item's message. */
function reasonOf(items: readonly HandoffItem[]): string {
  const reasons = [...new Set(items.map((i) => i.refusal ?? i.message))];
  return reasons.filter((r) => r !== '').join('; ');
}

/** "4 of 5 handed off · 1 outcome unknown (checking…)", "… · 1 refused: no user has the e-mail bob@example.com". */
export function handoffSummary(run: Pick<HandoffRun, 'items'>): string {
  const total = run.items.length;
  const done = run.items.filter((i) => i.state === 'handed_off').length;
  const parts = [`${done} of ${total} handed off`];
  // Landed, then a manager changed part of it: the count says so too, never "handed off" alone (its line says what).
  const since = run.items.filter((i) => i.state === 'handed_off' && i.outcome === 'landed-then-changed').length;
  if (since > 0) parts.push(`${since} changed since landing`);
  const doubted = run.items.filter(unconfirmed).length;
  if (doubted > 0) parts.push(`${doubted} can't be confirmed (nothing sent)`);
  for (const state of ORDER) {
    const these = run.items.filter((i) => saidAs(i) === state && !unconfirmed(i));
    if (these.length === 0) continue;
    const reason = state === 'refused' || state === 'not_sent' ? reasonOf(these) : '';
    parts.push(`${these.length} ${PHRASE[state]}${reason ? `: ${reason}` : ''}`);
  }
  return parts.join(' · ');
}

/** One item's outcome as a short phrase after its window. */
export function itemOutcome(item: HandoffItem): string {
  const who = item.name || item.email;
  switch (saidAs(item)) {
    case 'handed_off':
      // Landed, and a manager changed it since: what holds now is said, not "covers it".
      if (item.outcome === 'saved-after-all') return `Handed off to ${who} ✓ (it was saved after all)`;
      if (item.outcome === 'earlier-may-apply') return `${who} covers it ✓ ${item.message}`;
      return item.outcome === 'landed-then-changed'
        ? `Handed off to ${who} ✓, then changed: ${item.message}`
        : `${who} covers it ✓`;
    case 'pending':
      return 'Waiting to be sent';
    case 'sending':
      return 'Being sent…';
    case 'unknown':
      return `Outcome unknown (checking…)${item.message ? `: ${item.message}` : ''}`;
    case 'not_landed':
      return `Did not land${item.message ? `: ${item.message}` : ''}`;
    case 'refused':
      return `Refused: ${reasonOf([item]) || 'the service said no'}`;
    case 'not_sent':
      return `Not sent${item.message ? `: ${item.message}` : ''}`;
    case 'changed':
      return item.message || 'Changed since you planned it: nothing was sent.';
  }
}

/** Whether Retry has anything to do (it sends only what did not land, and looks first at what may have). */
export function canRetry(run: Pick<HandoffRun, 'items'>): boolean {
  return run.items.some(
    (i) =>
      i.state === 'not_landed' ||
      i.state === 'not_sent' ||
      i.state === 'unknown' ||
      (i.state === 'changed' && !unconfirmed(i)) ||
      (i.state === 'refused' && i.retryable === true),
  );
}

/** Everything the away form says about a run, as handoff:get answers it. */
export function handoffSaid(run: Pick<HandoffRun, 'items'>): HandoffSaid {
  return {
    summary: handoffSummary(run),
    items: Object.fromEntries(run.items.map((i) => [i.id, itemOutcome(i)])),
    canRetry: canRetry(run),
  };
}
