// Team and Chat user group: what a form shows (its values and "Saved"/"Not saved") is always about the team or
// schedule it shows. When another one is picked while a save is on its way, the answer about the one before changes
// nothing shown: it used to put the first team's new name into the second team's form, under "Saved".
import { describe, expect, it } from 'vitest';
import type { AppState } from '../../electron/shared/view-state';
import { fakeBridge, later } from './support/fake-bridge';
import { loadRunes, rendererFile } from './support/runes';
import { appState, schedule } from './support/state';

const team = await loadRunes<typeof import('../../renderer/src/lib/team-edit.svelte')>(
  rendererFile('lib/team-edit.svelte.ts'),
);
const chat = await loadRunes<typeof import('../../renderer/src/lib/chat-group-edit.svelte')>(
  rendererFile('lib/chat-group-edit.svelte.ts'),
);

const core = { id: 'tea_core', name: 'Core', description: 'Keeps the lights on' };
const ops = { id: 'tea_ops', name: 'Ops', description: 'Runs things' };
const model = (): AppState =>
  appState({
    schedules: [
      schedule({ teams: [core, ops] }),
      schedule({
        id: 'sch_b',
        name: 'B',
        chatUserGroup: { id: 'S01', name: 'B on-call', handle: 'b', description: '' },
      }),
    ],
  });

describe('another one picked while a save is on its way', () => {
  it('team: the answer about Core leaves Ops as it is, with no "Saved" under it', async () => {
    const answer = later<{ ok: true; value: typeof core }>();
    const bridge = fakeBridge({ 'team:update': () => answer.promise });
    const { value: edit } = team.inRoot(() => new team.subject.TeamEdit(model, bridge.invoke));
    expect(edit.form.values.teamId).toBe('main:tea_core');
    edit.form.values.name = 'Core SRE';
    const saving = edit.form.submit();
    edit.choose('main:tea_ops');
    answer.resolve({ ok: true, value: { ...core, name: 'Core SRE' } });
    await saving;
    expect([edit.form.values, edit.saved?.name, edit.form.outcome, edit.form.sending]).toEqual([
      { teamId: 'main:tea_ops', name: 'Ops', description: 'Runs things' },
      'Ops',
      null,
      false,
    ]);
    expect(bridge.sent('team:update')).toEqual([{ accountId: 'main', teamId: 'tea_core', name: 'Core SRE' }]);
  });

  it('chat user group: "Not saved" about schedule B is not said under Platform primary', async () => {
    const answer = later<{ ok: false; error: { kind: 'validation'; message: string } }>();
    const bridge = fakeBridge({ 'chat-group:put': () => answer.promise });
    const { value: edit } = chat.inRoot(
      () => new chat.subject.ChatGroupEdit(model, () => ({ scheduleId: 'sch_b' }), bridge.invoke),
    );
    edit.form.values.handle = 'b-oncall';
    const saving = edit.form.submit();
    edit.choose('sch_platform');
    answer.resolve({ ok: false, error: { kind: 'validation', message: 'Handle is taken.' } });
    await saving;
    expect([edit.picked, edit.form.outcome]).toEqual(['sch_platform', null]);
  });
});
