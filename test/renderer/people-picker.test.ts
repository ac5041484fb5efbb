// The people picker's order and keys (lib/people-picker.ts): ranked candidates first, then the schedule's other
// people, never me; what the arrows, Enter, Escape and Backspace do in the field.
import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../electron/shared/ipc-contract';
import { detailOf, offeredPeople, pickerKey, type PickerKeyState } from '../../renderer/src/lib/people-picker';
import { ada, bob, cy } from './support/state';

const candidate = (p: typeof ada, detail: string): Candidate => ({
  ...p,
  zone: null,
  localWindow: null,
  night: null,
  onCallHere: false,
  onCallElsewhere: [],
  unknownOn: [],
  recentHours: 0,
  hoursFrom: '2026-05-01T00:00:00Z',
  viewer: false,
  detail,
});

const state = (over: Partial<PickerKeyState> = {}): PickerKeyState => ({
  query: '',
  matches: [ada, bob, cy],
  showList: false,
  active: 0,
  people: [],
  ...over,
});

describe('who the picker offers', () => {
  it('puts the ranked candidates first, then the rest of the schedule once, and leaves me out', () => {
    const offered = offeredPeople([candidate(cy, 'free'), candidate(ada, 'asleep')], [ada, bob, cy], 'BOB@example.com');
    expect(offered.map((p) => p.email)).toEqual(['cy@example.com', 'ada@example.com']);
  });

  it('offers everyone when no e-mail of mine is known', () => {
    expect(offeredPeople([], [ada, bob], '').map((p) => p.email)).toEqual(['ada@example.com', 'bob@example.com']);
  });

  it("shows a candidate's why, and the e-mail of anyone else", () => {
    const candidates = [candidate(cy, 'free then, awake in Berlin')];
    expect(detailOf(candidates, 'CY@example.com')).toBe('free then, awake in Berlin');
    expect(detailOf(candidates, 'bob@example.com')).toBe('bob@example.com');
  });
});

describe('keys in the picker field', () => {
  it('opens the list at its first entry on the first arrow (ranked on an empty field), then cycles', () => {
    expect(pickerKey('ArrowDown', state())).toEqual({ do: 'open', browsing: true });
    expect(pickerKey('ArrowUp', state({ query: 'b' }))).toEqual({ do: 'open', browsing: false });
    expect(pickerKey('ArrowDown', state({ showList: true, active: 2 }))).toEqual({ do: 'move', active: 0 });
    expect(pickerKey('ArrowUp', state({ showList: true, active: 0 }))).toEqual({ do: 'move', active: 2 });
    expect(pickerKey('ArrowDown', state({ matches: [] }))).toBeUndefined();
  });

  it('picks the active person with Enter, or a typed e-mail; an empty field leaves Enter to the form', () => {
    expect(pickerKey('Enter', state({ showList: true, active: 1 }))).toEqual({ do: 'pick', email: 'bob@example.com' });
    expect(pickerKey('Enter', state({ query: ' dee@example.com ' }))).toEqual({ do: 'pick', email: 'dee@example.com' });
    expect(pickerKey('Enter', state({ query: 'dee' }))).toEqual({ do: 'nothing' });
    expect(pickerKey('Enter', state())).toBeUndefined();
  });

  it('closes an open list with Escape (the window stays), and removes the last person with Backspace', () => {
    expect(pickerKey('Escape', state({ showList: true }))).toEqual({ do: 'close' });
    expect(pickerKey('Escape', state())).toBeUndefined();
    const two = state({ people: ['ada@example.com', 'bob@example.com'] });
    expect(pickerKey('Backspace', two)).toEqual({ do: 'remove-last', email: 'bob@example.com' });
    expect(pickerKey('Backspace', { ...two, query: 'x' })).toBeUndefined();
    expect(pickerKey('Backspace', state())).toBeUndefined();
  });
});
