// The API key never reaches the user through server error text, even when the text is cut for display right
// inside the key (the first part of a key is as good as a leak: it narrows the search, and it is what we show).
import { describe, expect, it } from 'vitest';
import type { ApiError, Result } from '../../electron/api/errors';
import { API_KEY } from './support/fixtures';
import type { Step } from './support/script-server';
import { useScriptServer } from './support/script-rig';

/** Characters of server text kept for display, the last one being "…" (error-mapping.ts). */
const SHOWN = 300;
const KEY_PREFIX = API_KEY.slice(0, 6);

const rig = useScriptServer();

async function errorFor(step: Step): Promise<ApiError> {
  rig.server.script(step);
  const result: Result<unknown> = await rig.client.getSchedule('sch_a');
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

/** Server text whose key starts `visible` characters before the display cut. */
const straddling = (visible: number): string => `${'x'.repeat(SHOWN - 1 - visible)}${API_KEY} was not accepted here`;

function expectNoKey(error: ApiError): void {
  const everything = JSON.stringify(error);
  expect(everything).not.toContain(KEY_PREFIX);
  expect(error.message).toContain('xxxx');
}

describe('a key cut by the display limit is not shown in part', () => {
  it.each([1, 6, 10, API_KEY.length - 1, API_KEY.length])(
    'in a {message} body, %i key characters before the cut',
    async (visible) => {
      const error = await errorFor({ status: 422, json: { message: straddling(visible) } });
      expect(error.kind).toBe('rejected');
      expectNoKey(error);
    },
  );

  it('in a plain-text body', async () => {
    expectNoKey(await errorFor({ status: 400, text: straddling(12) }));
  });

  it('in a per-field problem', async () => {
    const error = await errorFor({ status: 422, json: { errors: [{ field: 'name', message: straddling(12) }] } });
    expect(error.kind === 'rejected' && error.problems?.length).toBe(1);
    expectNoKey(error);
  });

  it('when the body spells the key with a JSON escape, so only the cut text holds it', async () => {
    const escaped = `\\u00${API_KEY.charCodeAt(0).toString(16)}${API_KEY.slice(1)}`;
    const text = `{"message":"${'x'.repeat(SHOWN - 1 - 12)}${escaped} was not accepted"}`;
    expectNoKey(await errorFor({ status: 422, text, headers: { 'content-type': 'application/json' } }));
  });
});

describe('a key inside the shown text', () => {
  it('is replaced, and the text around it kept', async () => {
    const error = await errorFor({ status: 409, json: { message: `Key ${API_KEY} is read-only` } });
    expect(error.message).toContain('Key [redacted] is read-only');
    expect(error.message).not.toContain(KEY_PREFIX);
  });
});
