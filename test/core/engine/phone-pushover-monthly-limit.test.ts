// Issue 50 (adv50 r37): Pushover answers every message with its monthly-limit 429 (pushover.net/api: "429 … your
// application has exceeded its monthly message limit"; `X-Limit-App-Reset` says when the count resets, a Unix time).
// Before, the app re-POSTed the alert each minute for its hour (61 POSTs) and said "trying again each minute", never
// the reason. Now it is a refusal until the reset (no POST but a Send test), said with the service's words and when
// it resets. Real engine, simulator, fake clock, the loopback Pushover stand-in (its messages answered 429 here).
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend, type HttpRequest, type HttpResponse } from '../../../electron/core/escalation/http';
import { formatDate } from '../../../electron/shared/day-word';
import { closeStands, HOUR, MIN, MY_START, phoneRig, TOMORROW } from '../support/phone-engine-rig';

const APP = 'a'.repeat(30);
const USER = 'u'.repeat(30);
const LIMIT_BODY =
  '{"errors":["application has exceeded its monthly message limit"],"status":0,"request":"5042853c-402d-4a18"}';

afterEach(closeStands);

async function limitedRig(resetHeader?: (nowMs: number) => string) {
  const r = await phoneRig();
  let limited = false;
  const posts: number[] = [];
  const send = (req: HttpRequest, t: number): Promise<HttpResponse> => {
    if (req.url.endsWith('/1/messages.json') && limited) {
      posts.push(r.h.clock.now());
      const reset = resetHeader?.(r.h.clock.now());
      return Promise.resolve({ status: 429, text: LIMIT_BODY, ...(reset ? { limitReset: reset } : {}) });
    }
    return r.h.clock.inFlight.track(fetchSend(req, t));
  };
  await r.h.clock.runWhileAdvancing(r.engine.stop());
  const engine = r.h.engine({ phone: { send, pushoverApi: r.s.url } });
  await engine.start();
  await r.h.clock.advance(1_000);
  const saved = await engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'pushover', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
    secrets: { pushoverApp: APP, pushoverUser: USER },
  });
  expect(saved.ok).toBe(true);
  const line = () => engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
  return { ...r, engine, posts, line, limit: () => void (limited = true) };
}

describe('Pushover’s monthly message limit', () => {
  it('is a refusal until the next month (UTC) when no reset is sent: one POST, said with its reason, no retries', async () => {
    const { h, engine, posts, line, limit } = await limitedRig();
    limit();
    await h.clock.advanceTo(MY_START + 61 * MIN);
    // The next month's start in UTC, worked out here from the clock's date.
    const d = new Date(MY_START);
    const resetMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    const said = line();
    expect(posts).toHaveLength(1);
    expect(said?.result).toBe('problem');
    expect(said?.message).toContain('Pushover refused: monthly message limit reached');
    expect(said?.message).toContain(`resets ${formatDate(resetMs, { localZone: 'Europe/Berlin', clock: true })}`);
    expect(said?.message).toContain('application has exceeded its monthly message limit');
    expect(said?.message).not.toContain('each minute');
    // Tomorrow's start: still within the month, nothing is POSTed.
    await h.clock.advanceTo(TOMORROW + 2 * HOUR);
    expect(posts).toHaveLength(1);
    expect(line()?.message).toContain('monthly message limit reached');
    // A Send test still goes out (the user may have raised the limit).
    await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'send-test' }));
    expect(posts).toHaveLength(2);
    await h.clock.runWhileAdvancing(engine.stop());
  }, 90_000);

  it('X-Limit-App-Reset is when it ends: the next start after it sends again', async () => {
    // The service resets the count 20 h after it refused (its own time, not the month's end).
    let resetS: number | undefined;
    const { h, engine, posts, line, limit } = await limitedRig((nowMs) => {
      resetS ??= Math.floor((nowMs + 20 * HOUR) / 1000);
      return String(resetS);
    });
    limit();
    await h.clock.advanceTo(MY_START + 61 * MIN);
    expect(posts).toHaveLength(1);
    expect(line()?.message).toContain(
      `resets ${formatDate((resetS ?? 0) * 1000, { localZone: 'Europe/Berlin', clock: true })}`,
    );
    await h.clock.advanceTo(TOMORROW + 10 * MIN);
    // Past the reset: tomorrow's alert is sent (and refused again: the stand-in still answers 429).
    expect(posts).toHaveLength(2);
    expect(posts[1]).toBe(TOMORROW + 3 * MIN);
    await h.clock.runWhileAdvancing(engine.stop());
  }, 90_000);

  it('a plain 429 (no monthly limit) keeps its bounded backoff, Retry-After honoured', async () => {
    const r = await phoneRig();
    const sends: number[] = [];
    const send = (req: HttpRequest, t: number): Promise<HttpResponse> => {
      if (req.url.endsWith('/1/messages.json')) {
        sends.push(r.h.clock.now());
        return Promise.resolve({ status: 429, text: '{"errors":["too many requests"],"status":0}', retryAfter: '300' });
      }
      return r.h.clock.inFlight.track(fetchSend(req, t));
    };
    await r.h.clock.runWhileAdvancing(r.engine.stop());
    const engine = r.h.engine({ phone: { send, pushoverApi: r.s.url } });
    await engine.start();
    await r.h.clock.advance(1_000);
    await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'pushover', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets: { pushoverApp: APP, pushoverUser: USER },
    });
    await r.h.clock.advanceTo(MY_START + 30 * MIN);
    // Tried again after each 5-min wait, never before it: more than one, never closer than the wait.
    expect(sends.length).toBeGreaterThan(1);
    for (let i = 1; i < sends.length; i++) expect(sends[i]! - sends[i - 1]!).toBeGreaterThanOrEqual(5 * MIN);
    expect(engine.getState().me.readiness?.checks.find((c) => c.id === 'phone')?.message).not.toContain('monthly');
    await r.h.clock.runWhileAdvancing(engine.stop());
  }, 90_000);
});
