// Layout and colour checks measured from the page: horizontal overflow, what is visible without scrolling, and
// WCAG contrast between computed colours. The in-page parts are plain JavaScript (this project's Node typings
// have no DOM).
import type { Locator, Page } from 'playwright-core';

const OVERFLOW = `(() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > width) out.push('page scrolls: ' + document.documentElement.scrollWidth + ' > ' + width);
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.visually-hidden') || el.closest('[hidden]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const name = el.tagName.toLowerCase() + '#' + (el.id || '') + '.' + (typeof el.className === 'string' ? el.className : '');
    if (r.right > width + 0.5 || r.left < -0.5) out.push(name + ' ' + Math.round(r.left) + '–' + Math.round(r.right));
    // Content cut inside its own box (a fieldset or row narrower than what it holds).
    const form = ['SELECT', 'INPUT', 'TEXTAREA'].includes(el.tagName);
    // A cut on purpose ("…") is not a clip when the whole text is the accessible name of the element that holds it
    // (the glance's now-lines: the focused line shows it whole, a screen reader reads it whole).
    const style = getComputedStyle(el);
    const owner = el.closest('[aria-label]');
    const told = style.textOverflow === 'ellipsis' && owner !== null && (owner.getAttribute('aria-label') || '').includes(el.textContent.trim());
    if (!form && !told && el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible') out.push(name + ' clips ' + el.scrollWidth + ' > ' + el.clientWidth);
  }
  return out;
})()`;

/** Elements whose right edge passes the window's width (scrolled or clipped), plus the page's own scroll width. */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  const found: unknown = await page.evaluate(OVERFLOW);
  return Array.isArray(found) ? found.map(String) : ['could not measure'];
}

/** Whether the whole element is inside the viewport as the page is now (no scrolling). */
export async function fullyVisible(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = locator.page().viewportSize();
  if (!box || !size) return false;
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

/** An element's computed border colour and inset shadow, to tell the invalid state from the valid one. */
export async function borderLook(locator: Locator): Promise<string> {
  const id = await locator.getAttribute('id');
  if (!id) throw new Error('borderLook needs an element with an id');
  const look: unknown = await locator
    .page()
    .evaluate(
      `(() => { const s = getComputedStyle(document.getElementById(${JSON.stringify(id)})); return s.borderTopColor + ' ' + s.boxShadow; })()`,
    );
  return String(look);
}

function channels(css: string): [number, number, number] {
  const m = /rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)/.exec(css);
  if (!m) throw new Error(`not an rgb colour: ${css}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function luminance(css: string): number {
  const [r, g, b] = channels(css).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** WCAG contrast ratio between two computed colours ("rgb(…)"). */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const BORDERS = `(() => {
  const bg = getComputedStyle(document.body).backgroundColor;
  const controls = [...document.querySelectorAll('input:not([type=radio]):not([type=checkbox]), select, textarea, button:not(.primary):not(.link)')];
  return controls
    .filter((el) => el.getBoundingClientRect().width > 0 && getComputedStyle(el).borderTopStyle !== 'none' && getComputedStyle(el).borderTopWidth !== '0px')
    .map((el) => ({ control: el.tagName.toLowerCase() + '#' + (el.id || el.getAttribute('aria-label') || el.textContent.trim()), border: getComputedStyle(el).borderTopColor, background: bg }));
})()`;

/** Each visible control's border colour against the page background, with its contrast ratio. */
export async function controlBorderContrasts(
  page: Page,
): Promise<{ control: string; border: string; background: string; ratio: number }[]> {
  const measured: unknown = await page.evaluate(BORDERS);
  if (!Array.isArray(measured)) return [];
  return measured.map((m: { control: string; border: string; background: string }) => ({
    ...m,
    ratio: contrast(m.border, m.background),
  }));
}
