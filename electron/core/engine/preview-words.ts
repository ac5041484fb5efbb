// The override form's preview in words, made in main as it answers `override:preview` (the form shows them and
// carries no wording code of its own: issue 49's all-views ceiling). Worded as the form worded them before: the
// schedule as the form names it (with its account when there are several), each person by name from the schedule's
// people or those the preview carries ("Carol Lee (you)" for me), the window in the form's own zone with the
// schedule's beside it, and when saved data was read.
import { withAccount } from '../../shared/account-names';
import type { OverridePreview, OverridePreviewRequest } from '../../shared/action-schemas';
import { DISPLAY_LOCALE, formatDayTime, formatWindow } from '../../shared/format';
import { myEmailFor, nameFor, suggestions } from '../../shared/people-names';
import { previewLines } from '../../shared/preview-lines';
import type { AppState } from '../../shared/view-state';
import { isKnownZone } from '../../shared/wall-clock';
import type { Failure } from '../../shared/failure';
import type { Clock } from '../ports';

export interface PreviewWordsContext {
  state: AppState;
  nowMs: number;
  /** The engine's zone: used when the form sent none (or one Intl doesn't know). */
  localZone: string;
}

type Answer = { ok: true; value: OverridePreview } | Failure;

/** An `override:preview` answer with its words; a refusal as it is. */
export function wordedAnswer(
  answer: Answer,
  request: OverridePreviewRequest,
  parts: { state: () => AppState; clock: Clock; localZone: () => string },
): Answer {
  if (!answer.ok) return answer;
  const ctx = { state: parts.state(), nowMs: parts.clock.now(), localZone: parts.localZone() };
  return { ok: true, value: wordedPreview(answer.value, request, ctx) };
}

/** The preview with its lines (`words`); the request names the schedule by its ref, as the state does. */
export function wordedPreview(
  preview: OverridePreview,
  request: Pick<OverridePreviewRequest, 'scheduleId' | 'localZone' | 'scheduleName'>,
  ctx: PreviewWordsContext,
): OverridePreview {
  const schedule = ctx.state.schedules.find((s) => s.id === request.scheduleId);
  const known = suggestions(schedule);
  const myEmail = myEmailFor(ctx.state, request.scheduleId);
  const asked = request.localZone;
  const localZone = asked !== undefined && isKnownZone(asked) ? asked : ctx.localZone;
  const local = { nowMs: ctx.nowMs, locale: DISPLAY_LOCALE, localZone };
  const scheduleZone = schedule?.timeZone;
  const words = previewLines(preview, {
    // A schedule this app does not watch (a coverage request's) goes by the name the form shows for it.
    scheduleName: schedule
      ? withAccount(ctx.state, schedule.accountId, schedule.name)
      : (request.scheduleName ?? request.scheduleId),
    names: (emails, also = []) => emails.map((e) => nameFor(e, [...known, ...also], myEmail)),
    windowText: (start, end) => formatWindow(start, end, { ...local, ...(scheduleZone ? { scheduleZone } : {}) }),
    time: (iso) => formatDayTime(iso, local),
  });
  return { ...preview, words };
}
