// team:update, chat-group:put and schedule:check. Inputs are validated with the spec's limits before sending
// (the client validates again at its edge); answers are folded into the snapshot so every surface shows them.
import type { ChatUserGroup, Team } from '../../api/schemas';
import { ChatUserGroupInputSchema, ScheduleIdSchema, TeamIdSchema, UpdateTeamInputSchema } from '../../api/schemas';
import { validationError, type ApiError, type Result } from '../../api/errors';
import { cachedTeam, teamBeforeSend } from './team-before';
import type { RequestOf, ResponseOf } from '../../shared/ipc-contract';
import { nameToKeep, scheduleAddedText, scheduleInputChecked } from '../../shared/schedule-input';
import { failure, fromApiError, guarded, guardedWrite, notSetUp, sentThenFailed, type ActionDeps } from './common';
import type { Snapshot } from '../model/snapshot';
import { chatGroupUnknown, verifyTeamUpdate } from './write-verify';
import { formFailure, formHeld, writeHeld } from './form-wait';

/** After a write with an unknown outcome, how long to let a slow server finish before reading again. */
const DEFAULT_VERIFY_GRACE_MS = 3_000;

/** The team's new name/description in every cached schedule that lists it (no request needed to show it). */
export function withTeam(snapshot: Snapshot, team: Team & { id: string }): Snapshot {
  const schedules = snapshot.schedules.map((s) => {
    if (!s.details?.teams.some((t) => t.id === team.id)) return s;
    const teams = s.details.teams.map((t) => (t.id === team.id ? team : t));
    return { ...s, details: { ...s.details, teams } };
  });
  return { ...snapshot, schedules };
}

export function withChatGroup(snapshot: Snapshot, scheduleId: string, group: ChatUserGroup): Snapshot {
  return { ...snapshot, chatGroups: { ...snapshot.chatGroups, [scheduleId]: group } };
}

// A throw once the write left (folding the answer into the snapshot): it may be saved, so it is not sent again.
const teamLost = (cause: unknown) =>
  failure(
    'outcome_unknown',
    `${sentThenFailed(cause, 'the change')} It was not sent again. Check the team on the on-call service.`,
  );
const chatGroupLost = (cause: unknown) =>
  failure(
    'outcome_unknown',
    `${sentThenFailed(cause, 'the chat user group')} It was not sent again. Check it on the on-call service.`,
  );

export function teamUpdate(deps: ActionDeps) {
  // Teams whose last change has an unknown outcome, with the values they showed before it: Save again is held to
  // those, not to a later read that may already show a late-applied change (adv48 r31 #3).
  const doubts = new Map<string, Team>();
  return async (request: Omit<RequestOf<'team:update'>, 'accountId'>): Promise<ResponseOf<'team:update'>> =>
    guardedWrite(async (sending) => {
      const id = TeamIdSchema.safeParse(request.teamId);
      const input = UpdateTeamInputSchema.safeParse({ name: request.name, description: request.description });
      if (!id.success) return fromApiError(validationError(id.error.issues.map((i) => ({ ...i, path: ['teamId'] }))));
      if (!input.success) return fromApiError(validationError(input.error.issues));
      if (input.data.name === undefined && input.data.description === undefined) {
        return failure('validation', 'Please fix: change the name or the description', [
          { field: 'name', message: 'nothing to change' },
        ]);
      }
      const client = deps.client();
      if (!client) return notSetUp(deps);
      const held = writeHeld(deps);
      if (held) return held;
      const teamId = id.data;
      const seen = (t: Team) => deps.snapshot.set(withTeam(deps.snapshot.get(), { ...t, id: t.id ?? teamId }));
      const earlier = doubts.get(teamId) ?? cachedTeam(deps.snapshot.get(), teamId);
      const at = { client, snapshot: deps.snapshot.get(), seen };
      const before = await teamBeforeSend(at, teamId, input.data, earlier, doubts.has(teamId));
      if ('ok' in before) {
        if (before.error.kind === 'changed_since_planned') doubts.delete(teamId);
        return before;
      }
      // Already showing the user's values (a late apply): nothing to send.
      let result: Result<Team, ApiError>;
      if (before.kind === 'shown') result = { ok: true, value: before.team };
      else {
        sending();
        result = await client.updateTeam(teamId, input.data);
      }
      if (!result.ok && result.error.kind === 'outcome_unknown') {
        const look = { ...at, clock: deps.clock, graceMs: deps.verifyGraceMs ?? DEFAULT_VERIFY_GRACE_MS };
        const verified = await verifyTeamUpdate(look, teamId, input.data, result.error, earlier);
        if (!verified.ok) {
          if (earlier && !doubts.has(teamId)) doubts.set(teamId, earlier);
          return verified;
        }
        result = verified;
      }
      if (!result.ok)
        return formFailure(result.error, { nowMs: deps.clock.now(), localZone: deps.localZone?.() ?? 'UTC' });
      doubts.delete(teamId);
      // The answer is the team we patched: one sent back without its id is still that team, never an id-less one.
      const team = { ...result.value, id: result.value.id ?? teamId };
      deps.snapshot.set(withTeam(deps.snapshot.get(), team));
      return { ok: true as const, value: { id: team.id, name: team.name ?? team.id, description: team.description } };
    }, teamLost);
}

export function chatGroupPut(deps: ActionDeps) {
  return async (request: RequestOf<'chat-group:put'>): Promise<ResponseOf<'chat-group:put'>> =>
    guardedWrite(async (sending) => {
      const id = ScheduleIdSchema.safeParse(request.scheduleId);
      if (!id.success)
        return fromApiError(validationError(id.error.issues.map((i) => ({ ...i, path: ['scheduleId'] }))));
      const input = ChatUserGroupInputSchema.safeParse({
        name: request.name,
        handle: request.handle,
        description: request.description,
      });
      if (!input.success) return fromApiError(validationError(input.error.issues));
      const client = deps.client();
      if (!client) return notSetUp(deps);
      const held = writeHeld(deps);
      if (held) return held;
      sending();
      const result = await client.putChatUserGroup(id.data, input.data);
      if (!result.ok)
        return result.error.kind === 'outcome_unknown'
          ? chatGroupUnknown(result.error)
          : formFailure(result.error, { nowMs: deps.clock.now(), localZone: deps.localZone?.() ?? 'UTC' });
      deps.snapshot.set(withChatGroup(deps.snapshot.get(), id.data, result.value));
      const g = result.value;
      return {
        ok: true as const,
        value: g.description === undefined ? { id: g.id, name: g.name, handle: g.handle } : { ...g },
      };
    }, chatGroupLost);
}

export function scheduleCheck(deps: ActionDeps) {
  return async (request: Omit<RequestOf<'schedule:check'>, 'accountId'>): Promise<ResponseOf<'schedule:check'>> =>
    guarded(async () => {
      // The form's own words, on its field: what was typed is read before the service is asked (issue 49).
      const checked = scheduleInputChecked(request.input, request.watched ?? []);
      if (!checked.ok) return failure('validation', checked.message, [{ field: 'input', message: checked.message }]);
      const client = deps.client();
      if (!client) return notSetUp(deps);
      // As "Refresh now": while the service's wait holds, the form says it and sends nothing (adv47 r35 #2).
      const at = { nowMs: deps.clock.now(), localZone: deps.localZone?.() ?? 'UTC' };
      const held = formHeld(deps.serviceWait?.(), at);
      if (held) return held;
      const result = await client.getSchedule(checked.id);
      if (!result.ok) return formFailure(result.error, { ...at, nowMs: deps.clock.now() });
      const found = { name: result.value.name ?? checked.id, timeZone: result.value.time_zone };
      return {
        ok: true as const,
        value: { id: checked.id, ...found, name: nameToKeep(found.name), added: scheduleAddedText(found) },
      };
    });
}
