// adv49 r38: with no key (a fresh install, nothing tried) the tooltip said "Coverage requests: couldn't load
// (unknown)", a load that never happened. A list that can't be read yet says why it wasn't read, never "couldn't
// load"; a failed read still says it. Failed before.
import { describe, expect, it } from 'vitest';
import { coverageFreshnessText } from '../../electron/shared/coverage-words';
import type { AppState } from '../../electron/shared/view-state';
import { appState } from '../renderer/support/state';

const OPTS = { zone: 'Europe/Berlin', nowMs: Date.parse('2026-05-04T08:00:00Z') };
function withCoverage(status: AppState['coverage']['status']): AppState {
  const s = appState();
  return { ...s, coverage: { ...s.coverage, status } };
}

describe('the coverage list not read yet', () => {
  it('says not read and why, in full and brief, never "couldn\'t load"', () => {
    const s = withCoverage({ kind: 'not_read', reason: 'no API key for Main' });
    expect(coverageFreshnessText(s, OPTS)).toBe('Coverage requests: not read: no API key for Main');
    expect(coverageFreshnessText(s, OPTS, true)).toBe('Coverage requests: not read');
  });

  it('a failed read still says it could not load, with its reason', () => {
    const s = withCoverage({ kind: 'error', reason: 'The service answered 500.' });
    expect(coverageFreshnessText(s, OPTS)).toBe("Coverage requests: couldn't load: The service answered 500.");
    expect(coverageFreshnessText(s, OPTS, true)).toBe("Coverage requests: couldn't load");
  });
});
