// The closed set of failures crossing IPC: a kind outside it is refused at the edge (the renderer then says the
// answer could not be read, rather than branching on a kind nobody handles), every API error kind belongs to it,
// and each kind says what the user may do next — only a write that may have landed asks to check, not retry.
import { describe, expect, it } from 'vitest';
import { ActionErrorKindSchema, ActionErrorSchema } from '../../electron/shared/action-error';
import { nextStep } from '../../electron/shared/next-step';
import { resultOf } from '../../electron/shared/ipc-contract';
import { z } from 'zod';
import type { ApiErrorKind } from '../../electron/api/errors';

describe('the failures that cross IPC', () => {
  it('refuses a kind outside the closed set, naming the field', () => {
    const parsed = ActionErrorSchema.safeParse({ kind: 'not_ready', message: 'Starting…' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['kind']);
    const answer = resultOf(z.null()).safeParse({ ok: false, error: { kind: 'oops', message: 'x' } });
    expect(answer.success).toBe(false);
  });

  it('holds every kind the API client can answer', () => {
    // Written out by hand from electron/api/errors.ts: a kind added there and not here fails the compiler below.
    const api = {
      validation: 1,
      network: 1,
      timeout: 1,
      unauthorized: 1,
      forbidden: 1,
      not_found: 1,
      rejected: 1,
      rate_limited: 1,
      server: 1,
      bad_response: 1,
      outcome_unknown: 1,
    } satisfies Record<ApiErrorKind, 1>;
    for (const kind of Object.keys(api)) expect(ActionErrorKindSchema.safeParse(kind).success).toBe(true);
  });

  it('asks to check, never to retry, only when a write may have landed', () => {
    const steps = new Map(ActionErrorKindSchema.options.map((k) => [k, nextStep(k)]));
    expect([...steps].filter(([, s]) => s === 'verify').map(([k]) => k)).toEqual(['outcome_unknown']);
    expect(steps.get('not_saved')).toBe('retry');
    expect(steps.get('validation')).toBe('fix');
    expect(steps.get('key_rejected')).toBe('settings');
    expect(steps.get('rate_limited')).toBe('wait');
    expect(new Set(steps.values())).toEqual(new Set(['verify', 'fix', 'settings', 'wait', 'retry']));
  });
});
