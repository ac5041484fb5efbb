// The ntfy topic is a secret the app makes: long and random, refused when short or odd, and taken out of any text.
import { describe, expect, it } from 'vitest';
import { generateTopic, MIN_TOPIC_LENGTH, redact, secretProblem } from '../../../electron/core/escalation/secret';

describe('the phone topic', () => {
  it('is generated with at least 24 random characters, different each time', () => {
    const topics = new Set(Array.from({ length: 50 }, () => generateTopic()));
    expect(topics.size).toBe(50);
    for (const t of topics) {
      expect(t.length - 'oncall-'.length).toBeGreaterThanOrEqual(MIN_TOPIC_LENGTH);
      expect(secretProblem(t, 'Topic')).toBeUndefined();
      // ntfy takes it (its server's topicRegex; a longer or odd one is a 404 on every booking).
      expect(t).toMatch(/^[-_A-Za-z0-9]{1,64}$/);
    }
  });

  it('is refused when short or holding other characters, without echoing it', () => {
    expect(secretProblem('oncall-mine', 'Topic')).toBe('Topic is too short (at least 24 characters)');
    const odd = 'a-very-long-topic/with-a-slash-in-it';
    expect(secretProblem(odd, 'Topic')).toBe('Topic may hold only letters, digits, - and _');
  });

  it('is taken out of any text (an error quoting the URL)', () => {
    const topic = generateTopic();
    expect(redact(`POST https://ntfy.sh/${topic}/x failed`, [topic, ''])).toBe('POST https://ntfy.sh/•••/x failed');
  });
});
