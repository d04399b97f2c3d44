// The accessibility check every browser story can run on the screen it has open: axe-core against WCAG 2.1 A and AA,
// failing on any serious or critical violation (minor and moderate ones are reported by axe too, but are not what
// blocks a keyboard or screen-reader user from working, so they do not fail a story).
import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

/** The WCAG 2.1 A and AA rule sets (2.0 rules carry only the wcag2a/wcag2aa tags, so both generations are named). */
const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

export type TA11yViolation = { rule: string; impact: string; count: number; help: string; targets: string[] };

/** Runs axe on the page as it is now and returns the serious and critical violations, one entry per rule. */
/**
 * Waits until nothing on the page is fading or sliding in (a popover, a toast): axe measures colours as drawn, and
 * text half-way through a fade reads as low contrast. Endless animations (loaders) do not count.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 10_000 })
    .catch(() => undefined);
}

export async function findSeriousA11yViolations(page: Page, options: { include?: string; exclude?: string[] } = {}): Promise<TA11yViolation[]> {
  await settleTransitions(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG_21_AA_TAGS);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      count: v.nodes.length,
      help: v.help,
      // What a developer needs to find the element and see why it fails (contrast ratios, the name and the label).
      targets: v.nodes.slice(0, 8).map((n) => `${n.target.join(' ')} ${n.html.replace(/\s+/g, ' ').slice(0, 160)} :: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 220)}`),
    }));
}

/**
 * Fails the story when the screen has a serious or critical WCAG 2.1 A/AA violation. `context` names the screen and
 * state in the failure ("berth planner, sandbox, terminal"). With A11Y_REPORT set to a file, each check also appends
 * one JSON line with its counts, which is how the per-screen figures in docs/accessibility.md are measured, and a
 * failure no longer stops the story, so the screens after it are measured too.
 */
export async function expectNoSeriousA11yViolations(page: Page, context: string, options: { include?: string; exclude?: string[] } = {}): Promise<void> {
  const violations = await findSeriousA11yViolations(page, options);
  const report = process.env.A11Y_REPORT;
  if (report) {
    const elements = violations.reduce((sum, v) => sum + v.count, 0);
    appendFileSync(report, `${JSON.stringify({ context, elements, rules: Object.fromEntries(violations.map((v) => [v.rule, v.count])) })}\n`);
  }
  const described = violations.map((v) => `${v.impact} ${v.rule} (${v.count}): ${v.help}\n    ${v.targets.join('\n    ')}`).join('\n');
  // While measuring, every screen of a story is scanned even after one fails, so the figures cover them all.
  (report ? expect.soft : expect)(violations, `${context}: serious or critical accessibility violations\n${described}`).toEqual([]);
}
