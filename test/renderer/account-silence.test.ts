// An account's own mute and pause in Settings, server-rendered: the toggle says how it stands, the pause names its
// end with a Resume, and after Resume the text says the pause ends when saved (nothing is saved before).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderToHtml } from './support/ssr';

const COMPONENT = fileURLToPath(new URL('../../renderer/src/components/AccountSilence.svelte', import.meta.url));

const render = (muted: boolean, pause?: { until: string; resumed: boolean }) =>
  renderToHtml(COMPONENT, {
    accountId: 'acme',
    suffix: '-acme',
    edit: { mutedOf: () => muted, pauseOf: () => pause, setMuted: () => undefined, setResume: () => undefined },
  });

describe("an account's mute and pause in Settings", () => {
  it('offers "Mute reminders", ticked when muted, described', async () => {
    const off = await render(false);
    expect(off).toMatch(/<input type="checkbox" id="mute-acme"[^>]*aria-describedby="mute-hint-acme"/);
    expect(off).not.toMatch(/id="mute-acme"[^>]*checked/);
    expect(off).toContain('Mute reminders');
    expect(off).not.toContain('paused');
    expect(await render(true)).toMatch(/id="mute-acme"[^>]*checked/);
  });

  it('shows the pause with its end and a Resume; once pressed, that it ends when saved', async () => {
    const paused = await render(false, { until: '14:00', resumed: false });
    expect(paused).toContain('Reminders paused until 14:00.');
    expect(paused).toMatch(/<button[^>]*aria-describedby="pause-acme"[^>]*>Resume<\/button>/);
    const resumed = await render(false, { until: '14:00', resumed: true });
    expect(resumed).toContain('Paused until 14:00: its reminders resume when you save.');
    expect(resumed).toMatch(/>Keep paused<\/button>/);
  });
});
