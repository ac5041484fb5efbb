// Settings → Phone's QR code (issue 50: "a QR code or link to subscribe"): main's phone:link answer carries the
// link's module matrix, checked here without decoding it: it is exactly what qrcode-generator makes for the exact
// link (byte mode, error correction M, the smallest version), square, with the three finder patterns where a QR code
// has them, and it passes the IPC contract's schema (rows of booleans). No link (no topic, or not https): no code.
import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { alarmHandlers } from '../../../electron/adapters/alarm-ipc';
import { qrMatrixOf } from '../../../electron/core/escalation/subscribe-qr';
import { invokeChannels } from '../../../electron/shared/ipc-contract';

const LINK = 'https://ntfy.sh/oncall-abcdefghijkmnpqrstuvwxyz23';

const handlersFor = (link: string | null) =>
  alarmHandlers(
    {
      alarmIntent: () => Promise.resolve({ ok: true }),
      phoneIntent: () => Promise.resolve({ ok: true }),
      phoneLink: () => link,
      getState: () => ({}),
    },
    { current: () => null },
  );

/** What qrcode-generator itself makes of the link, read module by module. */
function expected(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** A finder pattern (7×7: dark ring, light ring, dark 3×3 core) with its top-left corner at (r, c). */
function finderAt(m: boolean[][], r: number, c: number): boolean {
  for (let y = 0; y < 7; y++)
    for (let x = 0; x < 7; x++) {
      const ring = Math.max(Math.abs(y - 3), Math.abs(x - 3));
      if (m[r + y]?.[c + x] !== (ring !== 2)) return false;
    }
  return true;
}

describe('Settings → Phone: the subscribe QR code', () => {
  it('main answers the link and its modules: what qrcode-generator makes for the exact link', async () => {
    const answer = await handlersFor(LINK)['phone:link']();
    const parsed = invokeChannels['phone:link'].response.safeParse(answer);
    expect(parsed.success).toBe(true);
    if (!answer.ok || answer.value === null) throw new Error('no link');
    expect(answer.value.url).toBe(LINK);
    const m = answer.value.qr;
    expect(m).toEqual(expected(LINK));
    // Version 4 (33 modules) holds a 50-character link at level M.
    expect(m.length).toBe(33);
    expect(m.every((row) => row.length === m.length && row.every((v) => typeof v === 'boolean'))).toBe(true);
    const n = m.length;
    expect([finderAt(m, 0, 0), finderAt(m, 0, n - 7), finderAt(m, n - 7, 0)]).toEqual([true, true, true]);
    expect(finderAt(m, n - 7, n - 7)).toBe(false);
  });

  it('a longer link takes a bigger code; another topic, another code', () => {
    const other = `${LINK.slice(0, -2)}zz`;
    expect(qrMatrixOf(other)).toEqual(expected(other));
    expect(qrMatrixOf(other)).not.toEqual(qrMatrixOf(LINK));
    const long = `https://ntfy.example.org/${'t'.repeat(120)}`;
    expect(qrMatrixOf(long).length).toBeGreaterThan(33);
  });

  it('no link, no code; a matrix that is not square is refused at the contract', async () => {
    expect(await handlersFor(null)['phone:link']()).toEqual({ ok: true, value: null });
    const bent = { ok: true, value: { url: LINK, qr: [...expected(LINK).slice(0, 32)] } };
    expect(invokeChannels['phone:link'].response.safeParse(bent).success).toBe(false);
  });
});
