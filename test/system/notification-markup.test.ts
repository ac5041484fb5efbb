// Issue 52, round 8 (F4): a name with markup (from cache.json, or fresh from the service) reached Linux
// notifications raw, and dunst rendered it: the <a href> became a hidden link (kept in its URL menu), <b> was bold,
// &amp; showed as "&". The Linux body is escaped as the freedesktop spec's markup requires, so the user reads the
// literal text. Proven through the real notifier → notify-send → dunst under xvfb, on the bus and in dunst's history.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireTools } from './support/tools';

const run = promisify(execFile);
const root = process.cwd();
const dirs: string[] = [];
const BODY =
  'You are on call now for <a href="https://evil.example/login">Berlin</a> <b>primary</b> &amp; until Fri 09:00.';
const HistorySchema = z.object({
  history: z.object({
    data: z.array(
      z.array(z.object({ message: z.object({ data: z.string() }), summary: z.object({ data: z.string() }) })),
    ),
  }),
});
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** Pango's text from its markup: the entities the spec allows, decoded (what the user reads). */
const shownText = (markup: string): string =>
  markup
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe.skipIf(process.platform !== 'linux')('a notification body holding markup (Linux)', () => {
  beforeAll(() =>
    requireTools(['xvfb-run', 'dbus-run-session', 'dbus-monitor', 'dbus-send', 'dunst', 'dunstctl', 'notify-send']),
  );

  it('is shown by dunst as the literal text: no hidden link, no bold, &amp; as written', async () => {
    const out = await mkdtemp(join(tmpdir(), 'oncall-markup-'));
    dirs.push(out);
    const { DBUS_SESSION_BUS_ADDRESS: _bus, DISPLAY: _display, ...env } = process.env;
    await run(
      'xvfb-run',
      [
        '-a',
        'dbus-run-session',
        '--',
        'sh',
        'test/system/support/notification-session.sh',
        out,
        process.execPath,
        '--import',
        'tsx',
        'test/system/support/markup-delivery.ts',
      ],
      { cwd: root, env: { ...env, HOME: out }, timeout: 60_000 },
    );
    const script = await readFile(join(out, 'script.out'), 'utf8');
    const line = script.split('\n').find((l) => l.startsWith('RESULT '));
    expect(line, script).toBeDefined();
    const shown = HistorySchema.parse(JSON.parse(line?.slice(7) ?? '{}')).history.data[0]?.[0];
    // dunst's message is "<b>summary</b>\nbody" as markup: its body line, rendered, is the body as the app wrote it.
    const body = shown?.message.data.split('\n').slice(1).join('\n') ?? '';
    expect(shownText(body)).toBe(BODY);
    expect(body).not.toMatch(/<a |<b>/);
    // The summary is plain text to the spec, and dunst shows it so.
    expect(shown?.summary.data).toBe('On call now <b>x</b>');
    expect(shown?.message.data.split('\n')[0]).toBe('<b>On call now &lt;b&gt;x&lt;/b&gt;</b>');
    const monitor = await readFile(join(out, 'monitor.txt'), 'utf8');
    expect(monitor).toContain('&lt;a href="https://evil.example/login"&gt;Berlin&lt;/a&gt;');
  }, 60_000);
});
