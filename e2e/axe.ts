import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ARTIFACTS } from './browser.ts';

/**
 * Accessibility audit of the screen on show: axe-core's WCAG 2.0/2.1 A and AA rules, run inside the page.
 * The app's CSP (`script-src 'self'`) refuses inline scripts, so the source is evaluated through the DevTools
 * protocol (page.evaluate), which the CSP does not govern.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeProblem {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical violations of the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeProblem[]> {
  // Transitions in flight (a toast or a menu fading) would be audited half transparent.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {});
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: AxeRunner }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      }));
  }, TAGS);
}

interface AxeRunner {
  run: (
    context: Document,
    options: object,
  ) => Promise<{
    violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
  }>;
}

const nodes = (problems: AxeProblem[]) => problems.reduce((n, p) => n + p.targets.length, 0);

/** One line per rule: id, impact, the selectors of its nodes. */
export function describeProblems(problems: AxeProblem[]): string {
  return problems.map((p) => `${p.rule} (${p.impact}, ${p.help}): ${p.targets.join(' | ')}`).join('\n');
}

/** Audits the screen, records its figure in test-artifacts/axe/<screen>-<width>.json; fails on any serious/critical node. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const problems = await axeViolations(page);
  const width = page.viewportSize()?.width ?? 0;
  const dir = path.join(ARTIFACTS, 'axe');
  mkdirSync(dir, { recursive: true });
  const file = `${screen.replace(/[^\w-]+/g, '_').replace(/^_+|_+$/g, '')}-${width}.json`;
  writeFileSync(path.join(dir, file), JSON.stringify({ screen, width, nodes: nodes(problems), problems }, null, 1));
  expect(problems, `axe: ${screen} at ${width} px\n${describeProblems(problems)}`).toEqual([]);
}

/**
 * Audits the screen at 1366 px and on a 390 px phone, then gives the page back its size. The layout settles between
 * the two (media queries re-render the shell and the editors).
 */
export async function expectAccessibleBothWidths(page: Page, screen: string): Promise<void> {
  const before = page.viewportSize();
  for (const size of [DESKTOP, PHONE]) {
    if (page.viewportSize()?.width !== size.width) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
    }
    await expectAccessible(page, screen);
  }
  if (before && before.width !== PHONE.width) await page.setViewportSize(before);
}
