// Issue 47: a module that words a time, a basis, an absence or an account's name makes user-visible text, so the
// text registry (test/support/text-registry.ts) must reach it (its properties then cover it), or it is listed below
// with why it is not a surface the registry reads yet. A new wording module fails here until it is one or the other.
import { describe, expect, it } from 'vitest';
import { filesUnder, reachable, wordsText } from '../../support/wording-modules';

const REGISTRY = 'test/support/text-registry.ts';

/** Text producers the registry does not read yet, each with why (each is a debt: a surface no property looks at). */
const NOT_YET: Record<string, string> = {
  'renderer/src/lib/status-view.svelte.ts':
    'the popover view model over status-model/glance (runes: not importable in Node)',
  'renderer/src/lib/status-more.svelte.ts':
    "the popover's cards' state (a card's Override names its schedule with withAccount; runes: not importable in Node)",
  'renderer/src/lib/settings-edit.svelte.ts': 'settings form',
  'renderer/src/lib/zoned-window.ts': 'form inputs',
  'renderer/src/lib/form-zone.ts': "form inputs' zone note: held by test/renderer/override-zone-change.test.ts",
  'renderer/src/lib/time-input.ts':
    "form inputs' days and times (formatDate/formatTime): held to the popover's words by test/renderer/time-field.test.ts",
  'renderer/src/lib/chat-group-edit.svelte.ts': 'chat group form',
  'renderer/src/lib/override-form-place.svelte.ts':
    "quick override form's fields (its preview's words are preview-lines.ts, which the registry reads)",
  'renderer/src/lib/team-form.ts': 'team form',
};

/** Svelte components that import a wording primitive, each with why its text is still the registry's (adv47 r23
 *  #5). A component the registry cannot import words nothing itself: its words come from a module the registry
 *  reads; it may only place text a registered module made. */
const SVELTE_PLACES: Record<string, string> = {};

describe('issue 47: the registry reaches every module that words user text', () => {
  const producers = [...filesUnder('electron'), ...filesUnder('renderer/src/lib')].filter(wordsText);
  const reached = reachable(REGISTRY);

  it('each text producer is read by the registry, or listed with why not', () => {
    const missing = producers.filter((f) => !reached.has(f) && NOT_YET[f] === undefined);
    expect(missing).toEqual([]);
  });

  // Text worded in a component's own markup is reached by nothing: the registry reads .ts modules only.
  it('no Svelte component words text itself (its words come from a module the registry reads), or listed', () => {
    const components = filesUnder('renderer/src', /\.svelte$/).filter(wordsText);
    expect(components.filter((f) => SVELTE_PLACES[f] === undefined)).toEqual([]);
    expect(Object.keys(SVELTE_PLACES).filter((f) => !components.includes(f))).toEqual([]);
  });

  it('no listed exception is stale (reached since, or gone)', () => {
    const stale = Object.keys(NOT_YET).filter((f) => reached.has(f) || !producers.includes(f));
    expect(stale).toEqual([]);
  });
});
