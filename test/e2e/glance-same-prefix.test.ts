// Now-lines of schedules whose names differ only at the end (adv49 r22): at 360×520 each line's visible name tells
// it from every other line's, light and dark and at 200 % zoom. The names are the simulator's own (renamed there and
// read by the real engine), so main says where each differs; what is visible is measured in the page.
import { describe, expect, it } from 'vitest';
import { DEMO_SCHEDULES } from './support/host';
import { e2eSession } from './support/session';

const session = e2eSession();

/** Each now-line's name as a sighted user sees it: each part's longest prefix that fits, "…" where it is cut. */
const VISIBLE = `[...document.querySelectorAll('[data-testid=now-line] .name')].map((el) => {
  const parts = el.children.length > 0 ? [...el.children] : [el];
  const shown = parts.map((part) => {
    const cs = getComputedStyle(part);
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;font:' + cs.font;
    document.body.append(probe);
    const text = part.textContent;
    let seen = text;
    if (part.scrollWidth > part.clientWidth + 0.5) {
      probe.textContent = '…';
      const room = part.clientWidth - probe.getBoundingClientRect().width;
      let n = 0;
      for (; n < text.length; n++) { probe.textContent = text.slice(0, n + 1); if (probe.getBoundingClientRect().width > room) break; }
      seen = text.slice(0, n) + '…';
    }
    probe.remove();
    return seen;
  });
  const [who, line] = [el.closest('.who'), el.closest('li')].map((e) => e.getBoundingClientRect().right);
  return { full: el.textContent, shown: shown.join(''), hover: el.closest('[title]')?.getAttribute('title') ?? null,
    past: who - Math.min(line, document.documentElement.clientWidth) };
})`;

interface Seen {
  full: string;
  shown: string;
  hover: string | null;
  past: number;
}

/** Whether `name` could be what `shown` shows: its visible pieces in order, each "…" standing for any text. */
function couldBe(shown: string, name: string): boolean {
  const pattern = shown
    .split('…')
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 'su').test(name);
}

const WORLDS: Record<string, string[]> = {
  'gateway primary/secondary/shadow': ['Primary', 'Secondary', 'Shadow'].map((s) => `Customer Payments Gateway – ${s}`),
  'escalation by region': ['EU', 'US', 'APAC'].map((s) => `Checkout Platform Escalation ${s}`),
  'RTL and emoji': ['צוות תשלומים ראשי 🔥 משמרת ראשית', 'צוות תשלומים ראשי 🔥 משמרת משנית', 'צוות תשלומים ראשי 🔥 צל'],
};

describe('now-lines of names that differ only at the end, at 360×520', () => {
  for (const [world, names] of Object.entries(WORLDS))
    for (const [scheme, zoom] of [
      ['light', 1],
      ['dark', 1],
      ['light', 2],
    ] as const)
      it(`${world}, ${scheme} at ${zoom * 100} %: each line's visible name tells it from the others, within the line`, async () => {
        const app = await session.open('configured', { colorScheme: scheme, width: 360 / zoom, height: 520 / zoom });
        const { page, host } = app;
        await page.waitForSelector('html[data-rendered]');
        DEMO_SCHEDULES.forEach((id, i) => (host.sim.state.schedules.get(id)!.name = names[i]!));
        await host.invoke('sync:refresh', null);
        await expect.poll(() => host.engine.getState().schedules.map((s) => s.name)).toEqual(names);
        // The page as it opens on this state (at 200 % some lines fold: those shown are measured).
        await page.reload();
        await page.waitForSelector('html[data-rendered]');
        // At 200 % the three fold into one line ("3 schedules — …"): opened, its lines are the ones to tell apart.
        if (zoom > 1) await page.getByTestId('now-fold').click();
        await page.getByTestId('now-line').first().waitFor();
        await app.screenshot(`same-prefix-${world.replaceAll(/\W+/g, '-')}-${scheme}-${zoom}`);
        const seen = await page.evaluate<Seen[]>(VISIBLE);
        expect(seen).toHaveLength(3);
        for (const s of seen) expect(names).toContain(s.full);
        // A line whose visible name another line's name could be too can't be told apart at a glance.
        const clash = seen.flatMap((a) =>
          seen.filter((b) => b !== a && couldBe(a.shown, b.full)).map((b) => [a.shown, b.full]),
        );
        expect(clash, JSON.stringify(seen, null, 1)).toEqual([]);
        // The whole name on hover too (the line's title; a screen reader has it in the line's name).
        for (const s of seen) expect(s.hover).toContain(s.full);
        // Name and people stay inside the line and the window (cut with "…"), never past its edge (200 %, the fold
        // opened: the people ran off it, cut by the window's edge with no "…").
        expect(seen.map((s) => s.past).filter((px) => px > 0.5)).toEqual([]);
      }, 60_000);
});
