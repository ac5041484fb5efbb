// Chat user group of a schedule: name and handle (1–60), description (≤ 140), attached or updated with one PUT.
import type { RequestOf } from '../../../electron/shared/ipc-contract';
import type { ScheduleView } from '../../../electron/shared/view-state';
import { countersOf, lengthProblems, problems, TEXT_LIMITS as LIMITS } from './limits';
import type { Counter, FieldErrors, TextRules } from './limits';

export interface ChatGroupFormValues {
  scheduleId: string;
  name: string;
  handle: string;
  description: string;
}

/** Starts from the group last attached from this app, if any (the service cannot be asked for it). */
export function valuesFor(schedule: ScheduleView | undefined): ChatGroupFormValues {
  const g = schedule?.chatUserGroup;
  return {
    scheduleId: schedule?.id ?? '',
    name: g?.name ?? '',
    handle: g?.handle ?? '',
    description: g?.description ?? '',
  };
}

type TextField = 'name' | 'handle' | 'description';
const TEXT: TextRules<TextField> = {
  name: { label: 'Name', min: 1, max: LIMITS.nameMax },
  handle: { label: 'Handle', min: 1, max: LIMITS.handleMax },
  description: { label: 'Description', min: 0, max: LIMITS.chatGroupDescriptionMax },
};

export const chatGroupCounters = (values: ChatGroupFormValues): Record<TextField, Counter> => countersOf(values, TEXT);

export function chatGroupErrors(values: ChatGroupFormValues): FieldErrors {
  const schedule = problems({ scheduleId: values.scheduleId === '' ? 'Choose a schedule.' : undefined });
  return { ...schedule, ...lengthProblems(values, TEXT) };
}

export type ChatGroupChecked = { ok: true; request: RequestOf<'chat-group:put'> } | { ok: false; errors: FieldErrors };

export function checkChatGroup(values: ChatGroupFormValues): ChatGroupChecked {
  const errors = chatGroupErrors(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const request: RequestOf<'chat-group:put'> = {
    scheduleId: values.scheduleId,
    name: values.name,
    handle: values.handle,
  };
  if (values.description !== '') request.description = values.description;
  return { ok: true, request };
}
