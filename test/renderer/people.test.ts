import { describe, expect, it } from 'vitest';
import { matchPeople } from '../../renderer/src/lib/people';
import { ada, bob, cy } from './support/state';

describe('people by name or e-mail', () => {
  it('matches names by word start before e-mails and inner text, leaving out people already picked', () => {
    expect(matchPeople([ada, bob, cy], 'b').map((p) => p.name)).toEqual(['Bob Stone']);
    expect(matchPeople([ada, bob, cy], 'lov').map((p) => p.name)).toEqual(['Ada Lovelace']);
    expect(matchPeople([ada, bob, cy], 'cy@').map((p) => p.name)).toEqual(['Cy']);
    expect(matchPeople([ada, bob, cy], 'st', ['bob@example.com']).map((p) => p.name)).toEqual([]);
  });
});
