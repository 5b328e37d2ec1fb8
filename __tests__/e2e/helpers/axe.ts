import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe's violations on the page as it is (WCAG 2.x A and AA, best practices): rule and where. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
