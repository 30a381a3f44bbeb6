/**
 * Runs before each file of the core and platform projects: vitest's default deadlines (5 s a test,
 * 10 s a hook) stretched by the run's speed factor, which the browser tests' global setup measures
 * when they run alongside (1 otherwise), so a full run on one core gives a unit test the time a
 * slower machine needs (decision 037).
 */
import { vi } from 'vitest'
import { scaled } from '../support/deadline.ts'

vi.setConfig({ testTimeout: scaled(5_000), hookTimeout: scaled(10_000) })
