/** The deadlines and intervals this build runs by, chosen at build time (decisions 027, 037). */
import { PRODUCTION_TIMING, testTimingFor, type Timing } from '../core/timing.ts'

/**
 * Whether this is the browser-test build, with its short deadlines: `VITE_TEST_TIMING` as
 * `vite.config.ts` compiles it in (`testTimingFlag`). Read here and nowhere else, so the constant
 * folds and a production build keeps production's values; off wherever nothing sets it.
 */
export const testTiming: boolean = import.meta.env.VITE_TEST_TIMING === 'on'

/**
 * The deadlines and intervals of this build: production's, or the test build's short ones
 * stretched by the speed factor the test run measured (`VITE_TEST_SPEED_FACTOR`, which
 * tests/setup/servers.ts sets for its builds; 1 when unset), so a healthy call on a slow machine
 * still beats them. A production build never reads the factor: the branch folds away.
 */
export const timing: Readonly<Timing> = testTiming
  ? /* @__PURE__ */ testTimingFor(Number(import.meta.env.VITE_TEST_SPEED_FACTOR ?? '1'))
  : PRODUCTION_TIMING
