/**
 * The order vitest starts the test files in: its own (project by project, by name; within one, the
 * files that took longest in the last run first, or the largest on a clean clone), with the
 * engines' files (`tests/engines/*.test.ts`) moved to the front of the browser project's.
 *
 * Each of those drives another engine through every journey and runs longer than any other
 * browser file, yet is among the smallest on disk: on a clean clone vitest started them last,
 * and the run ended with them running nearly alone. Started first, they run beside the other
 * browser files, and the short files fill the end.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Whether `spec` is one of the browser project's engine files. */
const isEngineFile = (spec: TestSpecification) =>
  spec.project.name === 'browser' && /\/tests\/engines\/[^/]+\.test\.ts$/.test(spec.moduleId)

/** Vitest's order, with the browser project's engine files first among its files. */
export function enginesFirst(sorted: readonly TestSpecification[]): TestSpecification[] {
  const start = sorted.findIndex((spec) => spec.project.name === 'browser')
  if (start === -1) return [...sorted]
  const end = sorted.findLastIndex((spec) => spec.project.name === 'browser') + 1
  const browser = sorted.slice(start, end)
  return [
    ...sorted.slice(0, start),
    ...browser.filter(isEngineFile),
    ...browser.filter((spec) => !isEngineFile(spec)),
    ...sorted.slice(end),
  ]
}

export default class FileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return enginesFirst(await super.sort(files))
  }
}
