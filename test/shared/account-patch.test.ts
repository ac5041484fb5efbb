// A patch of one account carries only what it changes: absent fields must stay absent (not defaulted), or saving
// an account's schedules (onboarding's third step) would empty its address and e-mail.
import { describe, expect, it } from 'vitest';
import { defaultSettings, SettingsPatchSchema } from '../../electron/shared/settings';
import { identityRefusal } from '../../electron/core/engine/settings-identity';

describe('the one-account patch', () => {
  it('keeps absent fields absent', () => {
    const parsed = SettingsPatchSchema.safeParse({ account: { id: 'main', schedules: [{ id: 'sch_a' }] } });
    expect(parsed.success && parsed.data.account).toEqual({ id: 'main', schedules: [{ id: 'sch_a' }] });
  });

  it('names its account: a change without one is refused, never applied to "the first" (issue 34)', () => {
    expect(SettingsPatchSchema.safeParse({ account: { schedules: [{ id: 'sch_a' }] } }).success).toBe(false);
  });

  it("still checks what is sent: the shape at the edge, the e-mail and the name in main, in the forms' words", () => {
    expect(SettingsPatchSchema.safeParse({ account: { id: 'Bad Id' } }).success).toBe(false);
    // Since the forms' checks moved to main (fix49bytes), the edge checks lengths; the settings holder judges the rest.
    const judged = (account: Record<string, string>) => {
      const patch = SettingsPatchSchema.safeParse({ account: { id: 'main', ...account } });
      if (!patch.success) return 'refused at the edge';
      const refused = identityRefusal(defaultSettings(), patch.data);
      return refused ? refused.error.message : 'accepted';
    };
    expect(judged({ email: 'not an e-mail' })).not.toBe('accepted');
    expect(judged({ label: '  ' })).toContain('Name this service');
    expect(judged({ email: 'me@example.com', label: 'Work' })).toBe('accepted');
  });
});
