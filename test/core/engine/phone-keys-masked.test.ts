// adv52 r55 #1: "keys and tokens never appear in a backup or a notice", phone keys too. Each phone key the app holds
// (saved, or read from the keychain) is masked by value in every backup the store makes and every notice, in its
// plain spelling and with JSON escapes. Real engine, the ntfy stand-in, a fake clock; the masking every backup uses.
import { afterEach, expect, it } from 'vitest';
import { maskKnownSecrets, redactSecrets } from '../../../electron/core/storage/redact-secrets';
import { closeStands, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

const TOKEN = 'tk_r55maskedphonetokenabcdef012';
const escaped = (s: string): string =>
  s.replace(/[a-z]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

it('a phone token and topic the app holds are masked in a backup and a notice, plain or escaped', async () => {
  const { h, s, engine } = await withNtfy();
  s.protect([TOPIC], TOKEN);
  await h.clock.runWhileAdvancing(
    engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 5 },
      secrets: { ntfyTopic: TOPIC, ntfyToken: TOKEN },
    }),
  );
  await engine.stop();
  for (const secret of [TOKEN, TOPIC])
    for (const spelled of [secret, escaped(secret)]) {
      expect(redactSecrets(`{"note":"${spelled}","kept":"coverage:cov_1"}`)).toBe(
        '{"note":"(removed: a secret is never kept in a backup)","kept":"coverage:cov_1"}',
      );
      expect(maskKnownSecrets(`it said ${spelled}`)).toBe('it said (a key, removed)');
    }
}, 30_000);
