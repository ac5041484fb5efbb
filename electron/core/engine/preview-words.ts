// The override form's preview and result in words, made in main as it answers `override:preview`, `override:create`
// and `override:get` (the form only shows the lines and carries no wording code of its own: issue 49's all-views
// ceiling). Worded as the form worded them before: the schedule as the form names it (with its account when there
// are several), each person by name from the schedule's people or those the answer carries ("Carol Lee (you)" for
// me), the window in the form's own zone with the schedule's beside it, and when saved data was read.
import { withAccount } from '../../shared/account-names';
import type { OverrideOutcome, OverridePreview, OverrideView, Shown } from '../../shared/action-schemas';
import type { Failure } from '../../shared/failure';
import { DISPLAY_LOCALE, formatDayTime, formatWindow } from '../../shared/format';
import { myEmailFor, nameFor, suggestions } from '../../shared/people-names';
import { previewLines, resultLines, type PreviewWords } from '../../shared/preview-lines';
import type { AppState } from '../../shared/view-state';
import { isKnownZone } from '../../shared/wall-clock';
import type { Clock } from '../ports';

export interface PreviewWordsContext {
  state: AppState;
  nowMs: number;
  /** The engine's zone: used when the form sent none (or one Intl doesn't know). */
  localZone: string;
}

/** What the form sent besides its request: its zone and the schedule's name as it shows it; the schedule by its ref. */
type Asked = Shown & { scheduleId: string };
type WordsParts = { state: () => AppState; clock: Clock; localZone: () => string };
type Answer<T> = { ok: true; value: T } | Failure;

const contextOf = (parts: WordsParts): PreviewWordsContext => ({
  state: parts.state(),
  nowMs: parts.clock.now(),
  localZone: parts.localZone(),
});

/** An `override:preview` answer with its words; a refusal as it is. */
export function wordedAnswer(answer: Answer<OverridePreview>, request: Asked, parts: WordsParts) {
  return answer.ok ? { ok: true as const, value: wordedPreview(answer.value, request, contextOf(parts)) } : answer;
}

/** An `override:get` answer (the override read back) with the result's words; a refusal as it is. */
export function wordedRead(answer: Answer<OverrideView>, request: Asked, parts: WordsParts): Answer<OverrideView> {
  if (!answer.ok) return answer;
  return {
    ok: true,
    value: { ...answer.value, words: resultLines(answer.value, wordsFor(request, contextOf(parts))) },
  };
}

/** An `override:create` answer: a created override carries the result's words (shown when reading it back fails). */
export function wordedOutcome(answer: Answer<OverrideOutcome>, request: Asked, parts: WordsParts) {
  if (!answer.ok || answer.value.status !== 'created') return answer;
  const override = answer.value.override;
  const words = resultLines(override, wordsFor(request, contextOf(parts)));
  return { ok: true as const, value: { ...answer.value, override: { ...override, words } } };
}

/** The preview with its lines (`words`). */
export function wordedPreview(preview: OverridePreview, request: Asked, ctx: PreviewWordsContext): OverridePreview {
  return { ...preview, words: previewLines(preview, wordsFor(request, ctx)) };
}

function wordsFor(request: Asked, ctx: PreviewWordsContext): PreviewWords {
  const schedule = ctx.state.schedules.find((s) => s.id === request.scheduleId);
  const known = suggestions(schedule);
  const myEmail = myEmailFor(ctx.state, request.scheduleId);
  const asked = request.localZone;
  const localZone = asked !== undefined && isKnownZone(asked) ? asked : ctx.localZone;
  const local = { nowMs: ctx.nowMs, locale: DISPLAY_LOCALE, localZone };
  const scheduleZone = schedule?.timeZone;
  return {
    // A schedule this app does not watch (a coverage request's) goes by the name the form shows for it.
    scheduleName: schedule
      ? withAccount(ctx.state, schedule.accountId, schedule.name)
      : (request.scheduleName ?? request.scheduleId),
    names: (emails, also = []) => emails.map((e) => nameFor(e, [...known, ...also], myEmail)),
    windowText: (start, end) => formatWindow(start, end, { ...local, ...(scheduleZone ? { scheduleZone } : {}) }),
    time: (iso) => formatDayTime(iso, local),
  };
}
