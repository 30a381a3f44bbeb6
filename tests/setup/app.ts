/** Setup for component tests in jsdom: DOM matchers and a clean DOM and storage per test. */
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom has no layout, so no scrolling: the router restores scroll on navigation. A no-op
// keeps its "not implemented" noise out of the test output.
window.scrollTo = () => {}

// Generous waits: CI machines are shared and a busy one must not fail a correct test.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
})
