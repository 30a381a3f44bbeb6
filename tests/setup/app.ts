/** Setup for component tests in jsdom: DOM matchers and a clean DOM and storage per test. */
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Generous waits: CI machines are shared and a busy one must not fail a correct test.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
})
