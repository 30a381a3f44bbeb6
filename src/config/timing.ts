/** The deadlines and intervals this build runs by, chosen at build time (decision 027). */
import { PRODUCTION_TIMING, TEST_TIMING, type Timing } from '../core/timing.ts'

/**
 * Whether this is the browser-test build, with its short deadlines: `VITE_TEST_TIMING` as
 * `vite.config.ts` compiles it in (`testTimingFlag`). Read here and nowhere else, so the constant
 * folds and a production build keeps production's values; off wherever nothing sets it.
 */
export const testTiming: boolean = import.meta.env.VITE_TEST_TIMING === 'on'

/** The deadlines and intervals of this build: production's, or the test build's short ones. */
export const timing: Readonly<Timing> = testTiming ? TEST_TIMING : PRODUCTION_TIMING
