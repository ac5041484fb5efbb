// axe-core in the page: its source is evaluated over CDP (like the bridge, not subject to the page's strict CSP),
// then axe.run checks the document against WCAG 2.0, 2.1 and 2.2 A and AA. The in-page parts are plain JavaScript
// (this project's Node typings have no DOM).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

const AXE_FILE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let source: Promise<string> | undefined;

const RUN = `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} }, resultTypes: ['violations'] })
  .then((r) => r.violations.flatMap((v) => v.nodes.map((n) =>
    v.id + ' (' + v.impact + ') ' + n.target.join(' ') + ': ' + String(n.failureSummary).replace(/\\s+/g, ' ').trim())))`;

/** Every node that fails a WCAG A/AA rule, one line each: "rule (impact) selector: why". */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded: unknown = await page.evaluate("typeof globalThis.axe === 'object'");
  if (loaded !== true) {
    source ??= readFile(AXE_FILE, 'utf8');
    await page.evaluate(await source);
  }
  const found: unknown = await page.evaluate(RUN);
  return Array.isArray(found) ? found.map(String) : ['axe did not answer'];
}
