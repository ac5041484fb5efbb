// The renderer re-states a few shared rules in plain TypeScript so its bundle carries no zod. These tests keep
// each copy equal to the zod original it stands for.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatUserGroupInputSchema, LIMITS, UpdateTeamInputSchema } from '../../electron/api/schemas';
import { ViewNameSchema } from '../../electron/shared/ipc-contract';
import { chatGroupErrors } from '../../renderer/src/lib/chat-group-form';
import { TEXT_LIMITS } from '../../renderer/src/lib/limits';
import { isEmail } from '../../renderer/src/lib/people';
import { VIEW_NAMES } from '../../renderer/src/lib/route';
import { teamErrors } from '../../renderer/src/lib/team-form';

const LENGTHS = [0, 1, 59, 60, 61, 139, 140, 141, 199, 200, 201];
// zod counts code points (an emoji is one character, two UTF-16 units); the renderer must count the same way.
const texts = (n: number): string[] => ['a'.repeat(n), '😀'.repeat(Math.floor(n / 2)) + (n % 2 ? 'é' : '')];

describe('renderer copies of shared rules', () => {
  it('uses the spec limits of electron/api/schemas', () => {
    expect(TEXT_LIMITS).toEqual({
      nameMax: LIMITS.nameMax,
      handleMax: LIMITS.handleMax,
      chatGroupDescriptionMax: LIMITS.chatGroupDescriptionMax,
      teamDescriptionMax: LIMITS.teamDescriptionMax,
    });
  });

  it('judges team names and descriptions exactly like UpdateTeamInputSchema', () => {
    for (const n of LENGTHS)
      for (const t of texts(n)) {
        const zodName = UpdateTeamInputSchema.safeParse({ name: t }).success;
        const zodDesc = UpdateTeamInputSchema.safeParse({ description: t }).success;
        const mine = teamErrors({ teamId: 'tea_x', name: t, description: t });
        expect([n, mine.name === undefined]).toEqual([n, zodName]);
        expect([n, mine.description === undefined]).toEqual([n, zodDesc]);
      }
  });

  it('judges chat group fields exactly like ChatUserGroupInputSchema', () => {
    for (const n of LENGTHS)
      for (const t of texts(n)) {
        const zodOk = (field: string) =>
          !ChatUserGroupInputSchema.safeParse({ name: 'n', handle: 'h', [field]: t }).error?.issues.length;
        const mine = chatGroupErrors({ scheduleId: 'sch_x', name: t, handle: t, description: t });
        expect([n, mine.name === undefined, mine.handle === undefined, mine.description === undefined]).toEqual([
          n,
          zodOk('name'),
          zodOk('handle'),
          zodOk('description'),
        ]);
      }
  });

  it('recognises e-mail addresses exactly like z.email()', () => {
    const corpus = [
      'ada@example.com',
      'a.b+c@sub.example.co',
      'A_B@x.io',
      'bob@',
      '@x.com',
      'a@b',
      'a..b@x.com',
      '.a@x.com',
      'a@x.c',
      'a b@x.com',
      'ü@x.com',
      'a@-x.com',
      "o'neil@x.ie",
      'a@x.com ',
    ];
    for (const e of corpus) expect([e, isEmail(e)]).toEqual([e, z.email().safeParse(e).success]);
  });

  it('knows the same view names as the contract', () => {
    expect([...VIEW_NAMES].sort()).toEqual([...ViewNameSchema.options].sort());
  });
});
