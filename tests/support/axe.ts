/** axe in a page: what it finds, one line a violation (the rule, its help and where). */
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** Every violation axe finds on `page` now. */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze()
  return found.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  )
}
