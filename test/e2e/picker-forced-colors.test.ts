// The people picker's highlighted option (the one Enter adds) in forced colours, as Windows High Contrast paints it
// (adv49 r24 #1): its only mark was a soft background, which forced colours replace with the page's, so a keyboard
// user moving with ↑/↓ could not see whom Enter would pick. Each option is compared as painted: the highlighted one
// must differ from every other in some visible way, in light and dark, with and without forced colours.
import { describe, expect, it } from 'vitest';
import { e2eSession } from './support/session';

const session = e2eSession();

/** Each option's look as painted over the list (a transparent option shows the list's colour), and whether it is
 *  the active one. */
const PAINTED = `(() => {
  const list = getComputedStyle(document.getElementById('ov-person-list')).backgroundColor;
  return [...document.querySelectorAll('#ov-person-list [role=option]')].map((o) => {
    const s = getComputedStyle(o);
    const bg = /, 0\\)$/.test(s.backgroundColor) || s.backgroundColor === 'transparent' ? list : s.backgroundColor;
    const look = [bg, s.color, s.outlineStyle, s.borderTopStyle, s.borderLeftStyle, s.textDecorationLine, s.fontWeight];
    return { active: o.getAttribute('aria-selected') === 'true', look: look.join(' | ') };
  });
})()`;

describe('the people picker in forced colours', () => {
  for (const scheme of ['light', 'dark'] as const)
    for (const forcedColors of ['none', 'active'] as const)
      it(`shows which option Enter picks (${scheme}, forced colours ${forcedColors})`, async () => {
        const { page } = await session.open('configured', {
          kind: 'action',
          view: 'override',
          width: 440,
          height: 640,
          colorScheme: scheme,
        });
        await page.emulateMedia({ colorScheme: scheme, forcedColors });
        await page.getByLabel('Someone else').check();
        await page.getByRole('combobox', { name: /Name or e-mail/ }).focus();
        await page.keyboard.type('a');
        await page.locator('#ov-person-list [role=option]').nth(1).waitFor();
        await page.keyboard.press('ArrowDown');
        await page.locator('#ov-person-list [role=option][aria-selected=true]').waitFor();
        const options: unknown = await page.evaluate(PAINTED);
        if (!Array.isArray(options)) throw new Error('no options read');
        const looks = options.map((o: { active: boolean; look: string }) => o);
        const active = looks.filter((o) => o.active);
        expect(active).toHaveLength(1);
        expect(looks.length).toBeGreaterThan(1);
        const same = looks.filter((o) => !o.active && o.look === active[0]?.look);
        expect(same, 'options that look exactly like the highlighted one').toEqual([]);
      });
});
