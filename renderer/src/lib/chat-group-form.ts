// Chat user group of a schedule: name and handle (1–60), description (≤ 140), attached or updated with one PUT.
import type { RequestOf } from '../../../electron/shared/ipc-contract';
import type { ScheduleView } from '../../../electron/shared/view-state';
import { counter, lengthProblem, problems, TEXT_LIMITS as LIMITS, type Counter, type FieldErrors } from './limits';

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

export function chatGroupCounters(values: ChatGroupFormValues): Record<'name' | 'handle' | 'description', Counter> {
  return {
    name: counter(values.name, LIMITS.nameMax),
    handle: counter(values.handle, LIMITS.handleMax),
    description: counter(values.description, LIMITS.chatGroupDescriptionMax),
  };
}

export function chatGroupErrors(values: ChatGroupFormValues): FieldErrors {
  return problems({
    scheduleId: values.scheduleId === '' ? 'Choose a schedule.' : undefined,
    name: lengthProblem('Name', values.name, 1, LIMITS.nameMax),
    handle: lengthProblem('Handle', values.handle, 1, LIMITS.handleMax),
    description: lengthProblem('Description', values.description, 0, LIMITS.chatGroupDescriptionMax),
  });
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
