/** Deterministic stand-in for the engine's `newId` port. */
import type { NewId } from '../ports.ts'

/** Counts up in UUID v4 shape (`00000000-0000-4000-8000-000000000001`, …), so every id differs. */
export function createFakeIds(): NewId {
  let counter = 0
  return () => `00000000-0000-4000-8000-${(++counter).toString(16).padStart(12, '0')}`
}
