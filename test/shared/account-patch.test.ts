// A patch of one account carries only what it changes: absent fields must stay absent (not defaulted), or saving
// an account's schedules (onboarding's third step) would empty its address and e-mail.
import { describe, expect, it } from 'vitest';
import { SettingsPatchSchema } from '../../electron/shared/settings';

describe('the one-account patch', () => {
  it('keeps absent fields absent', () => {
    const parsed = SettingsPatchSchema.safeParse({ account: { id: 'main', schedules: [{ id: 'sch_a' }] } });
    expect(parsed.success && parsed.data.account).toEqual({ id: 'main', schedules: [{ id: 'sch_a' }] });
  });

  it('names its account: a change without one is refused, never applied to "the first" (issue 34)', () => {
    expect(SettingsPatchSchema.safeParse({ account: { schedules: [{ id: 'sch_a' }] } }).success).toBe(false);
  });

  it('still checks what is sent', () => {
    expect(SettingsPatchSchema.safeParse({ account: { id: 'main', email: 'not an e-mail' } }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ account: { id: 'main', label: '  ' } }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ account: { id: 'Bad Id' } }).success).toBe(false);
  });
});
