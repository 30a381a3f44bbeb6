/** Which deadlines a build runs by: production's unless the build says otherwise. */
import { describe, expect, it } from 'vitest'
import { PRODUCTION_TIMING } from '../core/timing.ts'
import { testTimingFlag } from './defaults.ts'
import { testTiming, timing } from './timing.ts'

describe('timing', () => {
  it('is production’s in a build that sets no flag (as this one)', () => {
    expect(testTiming).toBe(false)
    expect(timing).toBe(PRODUCTION_TIMING)
  })
})

describe('testTimingFlag', () => {
  it('is off by default, and for any production configuration', () => {
    expect(testTimingFlag({})).toBe('off')
    expect(
      testTimingFlag({
        VITE_STYTCH_API_URL: 'https://api.stytch.com',
        VITE_TEST_WALLET: '',
        VITE_TEST_TIMING: undefined,
      }),
    ).toBe('off')
  })

  it('is on in the browser-test build, which turns the test wallet on', () => {
    expect(testTimingFlag({ VITE_TEST_WALLET: 'on' })).toBe('on')
  })

  it('follows VITE_TEST_TIMING when it is set, whatever the wallet', () => {
    expect(testTimingFlag({ VITE_TEST_TIMING: 'on' })).toBe('on')
    expect(testTimingFlag({ VITE_TEST_TIMING: 'off', VITE_TEST_WALLET: 'on' })).toBe('off')
    expect(testTimingFlag({ VITE_TEST_TIMING: 'yes' })).toBe('off')
  })
})
