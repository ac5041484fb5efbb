// Onboarding's step list under forced colours, as Windows High Contrast paints it (adv49 r25 #3): a refused API key
// step and a done step were told apart by border colour alone (red and green), which forced colours replace, so both
// looked alike. Each step is compared as painted: refused, done and pending must each look different, in light and
// dark, with and without forced colours; and a screen reader hears which is which.
import { describe, expect, it } from 'vitest';
import { e2eSession } from './support/session';

const session = e2eSession();

const PAINTED = `(() => [...document.querySelectorAll('ol.steps li')].map((li) => {
  const s = getComputedStyle(li);
  const b = li.querySelector('button');
  const bs = getComputedStyle(b);
  const look = [s.borderTopColor, s.borderTopStyle, s.borderTopWidth, bs.color, bs.fontWeight, bs.textDecorationLine];
  return { cls: li.className, look: look.join(' | ') };
}))()`;

describe('onboarding steps under forced colours', () => {
  for (const scheme of ['light', 'dark'] as const)
    for (const forcedColors of ['none', 'active'] as const)
      it(`tells a refused key step from a done and a pending one (${scheme}, forced colours ${forcedColors})`, async () => {
        const { page, host } = await session.open('empty', undefined);
        await page.emulateMedia({ colorScheme: scheme, forcedColors });
        await page.getByRole('button', { name: 'Set up OnCall Tray' }).click();
        await page.getByLabel('API key').fill('wrong-key-123456');
        await page.getByRole('button', { name: 'Next: Service address' }).click();
        await page.getByLabel('Service address').fill(host.sim.url);
        await page.getByRole('button', { name: 'Next: Schedules' }).click();
        await page.getByTestId('key-refused').waitFor();
        const painted: unknown = await page.evaluate(PAINTED);
        if (!Array.isArray(painted)) throw new Error('no steps read');
        const steps = painted.map((s: { cls: string; look: string }) => s);
        const refused = steps.find((s) => s.cls.includes('refused'));
        const done = steps.find((s) => s.cls.includes('done'));
        const pending = steps.filter((s) => !/done|refused|current/.test(s.cls));
        expect(refused).toBeDefined();
        expect(done).toBeDefined();
        expect(pending.length).toBeGreaterThan(0);
        expect(refused?.look, 'refused vs done').not.toBe(done?.look);
        for (const p of pending) {
          expect(refused?.look, 'refused vs pending').not.toBe(p.look);
          expect(done?.look, 'done vs pending').not.toBe(p.look);
        }
        const names = await page.getByRole('list', { name: 'Steps' }).getByRole('button').allTextContents();
        expect(names[0]).toContain('refused');
        expect(names[1]).toContain('done');
      });
});
