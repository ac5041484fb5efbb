// The "who covers" part of the override form, server-rendered: its error must be tied to the radios, so a screen
// reader reads it and the form's focusInvalid() ([aria-invalid="true"]) lands on the group.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderToHtml } from './support/ssr';

const COMPONENT = fileURLToPath(new URL('../../renderer/src/components/CoveringFields.svelte', import.meta.url));
const props = (errors: Record<string, string>) => ({
  who: 'me',
  people: [],
  suggested: false,
  query: '',
  takeOverFrom: '',
  myEmail: '',
  known: [],
  onCall: [],
  errors,
  onedit: () => undefined,
});

describe('who covers', () => {
  it('links its error to the radio group and each radio, marked invalid and announced', async () => {
    const html = await renderToHtml(
      COMPONENT,
      props({ who: 'Set your e-mail in Settings to cover it yourself, or name someone.' }),
    );
    expect(html).toMatch(/<p id="ov-who-error" class="error-text" role="alert">Set your e-mail in Settings/);
    expect(html).toMatch(/role="radiogroup"[^>]*aria-invalid="true"[^>]*aria-describedby="ov-who-error"/);
    expect(html.match(/<input type="radio"[^>]*aria-describedby="ov-who-error"/g)).toHaveLength(2);
  });

  it('without an error has no invalid mark and points nowhere', async () => {
    const html = await renderToHtml(COMPONENT, props({}));
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('ov-who-error');
  });
});
