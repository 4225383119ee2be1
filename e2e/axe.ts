import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0–2.2, levels A and AA. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeChoice = {
  /** The rules to run by tag; `null` runs every rule of axe (WCAG and best practices). */
  tags?: string[] | null;
  /** Rules beyond the tags, such as the experimental `label-content-name-mismatch`. */
  rules?: Record<string, { enabled: boolean }>;
};

/**
 * An axe run on the page that collects violations only: every check reads nothing else, and axe's
 * lists of passed and inapplicable rules cost time on large pages.
 */
export function axeBuilder(page: Page, { tags = wcagTags, rules }: AxeChoice = {}): AxeBuilder {
  // options() replaces what withTags() set, so the tags come after it.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'], ...(rules && { rules }) });
  return tags ? builder.withTags(tags) : builder;
}
