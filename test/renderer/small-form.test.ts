// The small-form lifecycle (SmallForm) under Team and Chat user group, as the page runs it with a fake main:
// problems show after a field is typed in or after a submit, one submit at a time, only changes sent, and a lost
// answer is "outcome unknown", never "not saved".
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
const model = (): AppState =>
  appState({
    schedules: [
      schedule({ teams: [core, { id: null, name: 'Data', description: 'Tables' }] }),
      schedule({
        id: 'sch_b',
        name: 'B',
        chatUserGroup: { id: 'S01', name: 'B on-call', handle: 'b', description: '' },
      }),
    ],
  });

function teamEdit(bridge = fakeBridge({})) {
  const state = team.box(model());
  return { ...team.inRoot(() => new team.subject.TeamEdit(() => state.value, bridge.invoke)), bridge };
}

describe('when problems show', () => {
  it('not while a field is untouched; a typed field shows its own; a submit shows them all', async () => {
    const { value: edit, bridge } = teamEdit();
    edit.form.values.name = '';
    edit.form.values.description = 'd'.repeat(201);
    expect(edit.form.errors).toEqual({});
    edit.form.touch('name');
    expect(edit.form.errors).toEqual({ name: 'Name must not be empty.' });
    expect(await edit.form.submit()).toBe('invalid');
    expect(Object.keys(edit.form.errors)).toEqual(['name', 'description']);
    expect(bridge.calls).toEqual([]);
  });

  it('picking another team starts over: nothing shown, nothing dirty', async () => {
    const { value: edit } = teamEdit();
    edit.form.values.name = '';
    await edit.form.submit();
    expect(edit.form.dirty).toBe(true);
    edit.choose('main:tea_core'); // the team's ref: team ids are unique per service only
    expect([edit.form.errors, edit.form.dirty, edit.form.values.name]).toEqual([{}, false, 'Core']);
  });
});

describe('team submit', () => {
  it('sends only what changed, once however often pressed, then takes the saved team as the new baseline', async () => {
    const answer = later<{ ok: true; value: typeof core }>();
    const bridge = fakeBridge({ 'team:update': () => answer.promise });
    const { value: edit } = teamEdit(bridge);
    edit.form.values.name = 'Core SRE';
    expect(edit.form.dirty).toBe(true);
    const first = edit.form.submit();
    expect(await edit.form.submit()).toBe('busy');
    answer.resolve({ ok: true, value: { ...core, name: 'Core SRE' } });
    expect(await first).toBe('answered');
    expect(bridge.sent('team:update')).toEqual([{ accountId: 'main', teamId: 'tea_core', name: 'Core SRE' }]);
    expect(edit.form.outcome).toEqual({ ok: true, value: { ...core, name: 'Core SRE' } });
    expect(edit.form.dirty).toBe(false);
    expect(await edit.form.submit()).toBe('same');
    expect(edit.form.outcome).toEqual({ ok: 'same' });
  });

  it('a lost answer is an unknown outcome; a refusal is not saved', async () => {
    let kind: 'outcome_unknown' | 'validation' = 'outcome_unknown';
    const bridge = fakeBridge({ 'team:update': () => ({ ok: false, error: { kind, message: 'Lost.' } }) });
    const { value: edit } = teamEdit(bridge);
    edit.form.values.name = 'X';
    await edit.form.submit();
    expect(edit.form.outcome).toEqual({ ok: false, message: 'Lost.', unknown: true });
    kind = 'validation';
    await edit.form.submit();
    expect(edit.form.outcome).toEqual({ ok: false, message: 'Lost.', unknown: false });
  });

  it('a team sent without an id is shown locked, with no submit, and nothing is sent', async () => {
    const { value: edit, bridge } = teamEdit();
    expect(edit.picker.options.map((o) => o.label)).toEqual(['Core', "Data (can't be edited)"]);
    edit.choose(edit.picker.options[1]?.value ?? '');
    expect([edit.locked, edit.submitLabel, edit.saved?.name]).toEqual([true, undefined, 'Data']);
    expect(await edit.form.submit()).toBe('invalid');
    expect(bridge.calls).toEqual([]);
  });
});

describe('chat user group', () => {
  it('opens on the schedule asked for, with the group last attached; sends the whole group', async () => {
    const bridge = fakeBridge({
      'chat-group:put': (r) => ({ ok: true, value: { id: 'S02', name: r.name, handle: r.handle, description: '' } }),
    });
    const { value: edit } = chat.inRoot(
      () => new chat.subject.ChatGroupEdit(model, () => ({ scheduleId: 'sch_b' }), bridge.invoke),
    );
    expect(edit.form.values).toEqual({ scheduleId: 'sch_b', name: 'B on-call', handle: 'b', description: '' });
    edit.form.values.handle = 'b-oncall';
    expect(await edit.form.submit()).toBe('answered');
    expect(bridge.sent('chat-group:put')).toEqual([{ scheduleId: 'sch_b', name: 'B on-call', handle: 'b-oncall' }]);
    expect(edit.form.outcome?.ok === true && chat.subject.groupText(edit.form.outcome.value)).toBe(
      '“B on-call” (@b-oncall, id S02)',
    );
  });

  it('a new group starts without red; its empty name shows once typed in or on submit', async () => {
    const { value: edit } = chat.inRoot(() => new chat.subject.ChatGroupEdit(model, () => ({}), fakeBridge({}).invoke));
    expect(edit.form.values.name).toBe('');
    expect(edit.form.errors).toEqual({});
    expect(await edit.form.submit()).toBe('invalid');
    expect(edit.form.errors).toEqual({ name: 'Name must not be empty.', handle: 'Handle must not be empty.' });
  });
});
