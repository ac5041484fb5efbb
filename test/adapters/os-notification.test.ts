// The one per-OS function, proven on Linux for every OS: the shift-start alarm is loud and stays (Linux critical,
// never expires, not silent; a Windows toast whose XML a strict parser reads back with the alarm scenario, long
// duration, looping alarm sound, the three actions and the text escaped; macOS not silent, with a sound and the
// actions), every other reminder is as quiet as before; and the alarm window is one per display, over full screen.
import { describe, expect, it } from 'vitest';
import {
  ALARM_ACTIONS,
  alarmToastXml,
  osNotification,
  escapeBodyMarkup,
  parseAlarmActionArgument,
  WINDOWS_ALARM_SOUND,
  type NotifierIdentity,
} from '../../electron/adapters/os-notification';
import { alarmWindowSpecs } from '../../electron/adapters/alarm-window-spec';
import { electronNotificationOptions } from '../../electron/adapters/electron-notifier';
import type { NotificationRequest } from '../../electron/core/ports';
import { elementsNamed, parseStrictXml, type XmlElement } from '../support/strict-xml';

const alarm: NotificationRequest = {
  id: 'alarm:sch_ops:2026-03-10T21:00:00Z',
  title: 'On call now — R&D <ops> "primary"',
  body: "Platform & DB's shift 22:00–06:00, from Bob <bob@x>",
  target: 'status',
  alarm: true,
};
const reminder: NotificationRequest = { ...alarm, id: 'shift:sch_ops:lead15', title: 'On call in 15 min' };
delete reminder.alarm;
const identity = (platform: NodeJS.Platform): NotifierIdentity => ({
  appName: 'OnCall Tray',
  appId: 'com.oncalltray.app',
  desktopEntry: 'oncall-tray',
  platform,
});

const parseXml = parseStrictXml;
const all = (e: XmlElement, tag: string): XmlElement[] => elementsNamed(e, tag);
const attr = (e: XmlElement | undefined, name: string): string | undefined => e?.attributes[name];

describe('Linux', () => {
  it('the alarm is critical, never expires, and is not silent (no click wait that would set 5 s)', () => {
    const chosen = osNotification(alarm, identity('linux'));
    expect(chosen.via).toBe('node-notifier');
    // The body as text under the spec's markup (issue 52): "Bob <bob@x>" is shown as written, not taken for a tag.
    expect(chosen.options).toMatchObject({
      urgency: 'critical',
      timeout: 0,
      title: alarm.title,
      message: "Platform &amp; DB's shift 22:00–06:00, from Bob &lt;bob@x&gt;",
    });
    expect(escapeBodyMarkup('<a href="x">y</a> &amp;')).toBe('&lt;a href="x"&gt;y&lt;/a&gt; &amp;amp;');
    expect(chosen.options).not.toHaveProperty('wait');
    expect(chosen.options).not.toHaveProperty('sound', false);
  });

  it('every other reminder stays normal urgency with its 10 s timeout', () => {
    expect(osNotification(reminder, identity('linux')).options).toMatchObject({ urgency: 'normal', timeout: 10 });
  });
});

describe('Windows', () => {
  it('the alarm goes through Electron as toast XML: alarm scenario, long, looping alarm sound, three actions', () => {
    const chosen = osNotification(alarm, identity('win32'));
    expect(chosen.via).toBe('electron');
    const xml = chosen.via === 'electron' ? (chosen.options.toastXml ?? '') : '';
    const toast = parseXml(xml);
    expect(toast.tag).toBe('toast');
    expect(['alarm', 'urgent']).toContain(attr(toast, 'scenario'));
    expect(attr(toast, 'duration')).toBe('long');
    const [audio] = all(toast, 'audio');
    expect(attr(audio, 'src')).toBe(WINDOWS_ALARM_SOUND);
    expect(attr(audio, 'src')).toMatch(/Looping\.Alarm/);
    expect(attr(audio, 'loop')).toBe('true');
    expect(attr(audio, 'silent')).not.toBe('true');
    const actions = all(toast, 'action');
    expect(actions.map((a) => attr(a, 'content'))).toEqual(ALARM_ACTIONS.map((a) => a.label));
    expect(actions.map((a) => parseAlarmActionArgument(attr(a, 'arguments') ?? ''))).toEqual(
      ALARM_ACTIONS.map((a) => ({ action: a.id, id: alarm.id })),
    );
    expect(parseAlarmActionArgument(attr(toast, 'launch') ?? '')).toEqual({ action: 'open', id: alarm.id });
  });

  it('escapes the text: what the parser reads back is exactly the title and body, no element injected', () => {
    const toast = parseXml(alarmToastXml(alarm));
    expect(all(toast, 'text').map((t) => t.text)).toEqual([alarm.title, alarm.body]);
    expect(all(toast, 'ops')).toHaveLength(0);
    expect(() => parseXml('<toast><text>R&D</text></toast>')).toThrow(/bare &/);
    expect(() => parseXml('<toast><text>a <ops> b</text></toast>')).toThrow();
  });

  it('keeps out characters XML 1.0 forbids (a control character in a service name): the toast still parses', () => {
    const named = { ...alarm, title: 'On call now — Ops\u000b(EU)\u0000', body: 'Bob\u0008Stone \uFFFF\uD800 ok\t😀' };
    const toast = parseXml(alarmToastXml(named));
    expect(all(toast, 'text').map((t) => t.text)).toEqual(['On call now — Ops (EU) ', 'Bob Stone \uFFFD\uFFFD ok\t😀']);
    // The reader itself refuses them, written or as a reference (so the test above would have caught the toast).
    expect(() => parseXml('<toast><text>a\u000bb</text></toast>')).toThrow(/forbids/);
    expect(() => parseXml('<toast><text>a&#11;b</text></toast>')).toThrow(/forbids/);
    expect(() => parseXml('<toast a="\uD800"/>')).toThrow(/forbids/);
  });

  it('the urgent scenario is the same toast otherwise', () => {
    expect(attr(parseXml(alarmToastXml(alarm, 'urgent')), 'scenario')).toBe('urgent');
  });

  it('other reminders stay on the node-notifier toast, unchanged', () => {
    expect(osNotification(reminder, identity('win32'))).toMatchObject({
      via: 'node-notifier',
      options: { wait: true },
    });
  });
});

describe('macOS', () => {
  it('the alarm is not silent, has a sound, never times out, and carries the three actions', () => {
    const options = electronNotificationOptions(alarm, 'darwin');
    expect(options.silent).toBe(false);
    expect(options.sound).toEqual(expect.any(String));
    expect(options.timeoutType).toBe('never');
    expect(options.actions?.map((a) => a.text)).toEqual(ALARM_ACTIONS.map((a) => a.label));
  });

  it('other reminders stay silent', () => {
    expect(electronNotificationOptions(reminder, 'darwin')).toEqual({
      title: reminder.title,
      body: reminder.body,
      silent: true,
    });
  });
});

describe('the alarm window', () => {
  const displays = [
    { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } },
    { id: 2, bounds: { x: 1920, y: -200, width: 2560, height: 1440 } },
  ];

  it('is one window per display, each inside its display, always on top over full-screen apps', () => {
    const specs = alarmWindowSpecs(displays, '/app/preload.cjs');
    expect(specs.map((s) => s.displayId)).toEqual([1, 2]);
    specs.forEach((s, i) => {
      const d = displays[i]?.bounds ?? { x: 0, y: 0, width: 0, height: 0 };
      const { x = -1, y = -1, width = 0, height = 0 } = s.options;
      expect(x).toBeGreaterThanOrEqual(d.x);
      expect(y).toBeGreaterThanOrEqual(d.y);
      expect(x + width).toBeLessThanOrEqual(d.x + d.width);
      expect(y + height).toBeLessThanOrEqual(d.y + d.height);
      expect(s.options.alwaysOnTop).toBe(true);
      expect(s.alwaysOnTopLevel).toBe('screen-saver');
      expect(s.visibleOnFullScreen).toBe(true);
      expect(s.keepDisplayAwake).toBe(true);
      expect(s.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    });
  });
});
