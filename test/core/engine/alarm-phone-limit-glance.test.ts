// adv50 r42 #1: Pushover's monthly message limit held the phone alert back (a live 429 at the alert's time, or the
// limit saved before a restart, so tomorrow's alert is never POSTed) while the shift-start alarm rang: the glance
// (tooltip, tray menu, popover) said nothing of the phone, though every other alert that did not go out is said
// right under its alarm ("Phone not alerted: …"). Now the limit is one more such cause, said from the alert's time
// (the alarm's time + N) on, never before, and gone once the alarm is acknowledged. Real engine, simulator, fake
// clock, the loopback Pushover stand-in answering its messages 429 (phone-refusal-rig.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { formatDate } from '../../../electron/shared/day-word';
import { everyText } from '../../support/text-registry';
import { fetchSend, type HttpRequest, type HttpResponse } from '../../../electron/core/escalation/http';
import { closeStands, MIN, MY_START, phoneRig, TOMORROW } from '../support/phone-engine-rig';
import { APP, LIMIT, refusedRig, USER } from '../support/phone-refusal-rig';

afterEach(closeStands);

const ZONE = 'Europe/Berlin';
type Glance = 'tray-tooltip' | 'tray-menu' | 'popover';
const ALARM =
  /^(Shift-start alarm \(Ops, 10:00 \(09:00 UTC\)\): not acknowledged|Shift-start alarm not acknowledged|Alarm unacknowledged)$/;

/** The month's limit resets at the next month's start in UTC (no reset header: pushover.ts), said in local time. */
function limitLines(nowMs: number, saved: boolean) {
  const d = new Date(nowMs);
  const resets = formatDate(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1), { localZone: ZONE, clock: true });
  const short = `Phone not alerted: Pushover’s monthly limit until ${resets}`;
  const kept = saved ? ', saved before the app restarted' : '';
  return { short, whole: `${short}${kept}; not sent before then; Send test tries again` };
}

/** Each glance's lines, as the registry reads them. */
function glances(e: Engine, nowMs: number): Record<Glance, string[]> {
  const said = everyText({ state: e.getState(), nowMs, localZone: ZONE });
  const whole = (s: string) => said.find((x) => x.surface === s && x.statement === undefined)?.text ?? '';
  return {
    'tray-tooltip': whole('tray-tooltip').split('\n'),
    'tray-menu': whole('tray-menu').split('\n'),
    popover: whole('popover').split('\n'),
  };
}

const phoneLines = (lines: readonly string[]) => lines.filter((l) => l.includes('Phone not alerted'));

/** Every glance says the limit once, right under the ringing alarm's line (the tooltip whole or in fewer words). */
function expectSaid(e: Engine, nowMs: number, want: { short: string; whole: string }): void {
  expect(e.getState().alarm?.ringing).toBe(true);
  for (const [surface, lines] of Object.entries(glances(e, nowMs))) {
    const said = phoneLines(lines);
    const ok = surface === 'tray-tooltip' ? [[want.whole], [want.short]] : [[want.whole]];
    expect(ok, `${surface}:\n${lines.join('\n')}`).toContainEqual(said);
    expect(lines[lines.indexOf(said[0] ?? '') - 1], surface).toMatch(ALARM);
  }
  // Within Windows' tooltip (127 characters): what asks me is not cut away.
  expect(trayTooltip(e.getState(), nowMs, ZONE, { maxChars: 127 }).split('\n')).toContain(want.short);
}

const expectSilent = (e: Engine, nowMs: number) => {
  for (const [surface, lines] of Object.entries(glances(e, nowMs)))
    expect(phoneLines(lines), `${surface}:\n${lines.join('\n')}`).toEqual([]);
};

describe('a ringing alarm whose phone alert Pushover’s monthly limit held back', () => {
  it('a live 429 at the alert’s time: said under the alarm from 09:03, until it is acknowledged', async () => {
    const r = await phoneRig();
    let refusing = false;
    const posts: number[] = [];
    const send = (req: HttpRequest, t: number): Promise<HttpResponse> => {
      if (!req.url.endsWith('/1/messages.json') || !refusing) return r.h.clock.inFlight.track(fetchSend(req, t));
      posts.push(r.h.clock.now());
      return Promise.resolve({ status: 429, text: JSON.stringify({ errors: [LIMIT], status: 0 }) });
    };
    await r.h.clock.runWhileAdvancing(r.engine.stop());
    const e = r.h.engine({ phone: { send, pushoverApi: r.s.url } });
    await e.start();
    await r.h.clock.advance(5_000);
    const saved = await e.phoneIntent({
      kind: 'save',
      settings: { provider: 'pushover', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets: { pushoverApp: APP, pushoverUser: USER },
    });
    expect(saved.ok).toBe(true);
    const tested = e.phoneIntent({ kind: 'send-test' });
    for (let i = 0; i < 20 && r.s.pushover.length === 0; i++) await r.h.clock.advance(1_000);
    r.s.pushover[0]!.acknowledged = true;
    expect((await r.h.clock.runWhileAdvancing(tested)).ok).toBe(true);
    refusing = true;
    await r.h.clock.advanceTo(MY_START + 2 * MIN);
    expect(e.getState().alarm?.ringing).toBe(true);
    expectSilent(e, r.h.clock.now()); // its phone time (+3 min) has not come
    await r.h.clock.advanceTo(MY_START + 5 * MIN);
    expect(posts).toEqual([MY_START + 3 * MIN]);
    expectSaid(e, r.h.clock.now(), limitLines(r.h.clock.now(), false));
    const key = e.getState().alarm?.key ?? '';
    expect((await e.alarmIntent({ kind: 'ack', key }, 'window')).ok).toBe(true);
    await r.h.clock.advance(1_000);
    expectSilent(e, r.h.clock.now());
    await r.h.clock.runWhileAdvancing(e.stop());
  }, 120_000);

  it('the limit saved before a restart: tomorrow’s alert is not POSTed, and the glance says so from 09:03', async () => {
    const r = await refusedRig('limit');
    const e = await r.start();
    await r.h.clock.advanceTo(TOMORROW + 2 * MIN);
    expect(e.getState().alarm?.ringing).toBe(true);
    expectSilent(e, r.h.clock.now());
    await r.h.clock.advanceTo(TOMORROW + 5 * MIN);
    expect(r.refusedPosts).toEqual([MY_START + 3 * MIN]);
    expectSaid(e, r.h.clock.now(), limitLines(r.h.clock.now(), true));
    await r.stop(e);
  }, 120_000);
});
