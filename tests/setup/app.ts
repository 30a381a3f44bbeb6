/**
 * Setup for component tests in jsdom: DOM matchers, a clean DOM and storage per test, and every
 * render inside the app's i18n in English, as the app renders (src/app/main.tsx).
 */
import '@testing-library/jest-dom/vitest'
import { createElement, type ComponentType, type ReactNode } from 'react'
import {
  cleanup,
  configure,
  type RenderHookOptions,
  type RenderOptions,
} from '@testing-library/react'
import type * as TestingLibrary from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { afterEach, vi } from 'vitest'
import { activateLocale, i18n } from '../../src/shared/i18n.ts'
import { scaled } from '../support/deadline.ts'

// jsdom has no layout, so no scrolling: the router restores scroll on navigation. A no-op
// keeps its "not implemented" noise out of the test output.
window.scrollTo = () => {}

// Generous waits: CI machines are shared and a busy one must not fail a correct test. Each is
// stretched by the run's speed factor (decision 037), as are vitest's 5 s a test and 10 s a hook.
configure({ asyncUtilTimeout: scaled(5000) })
vi.setConfig({ testTimeout: scaled(5_000), hookTimeout: scaled(10_000) })

await activateLocale('en')

/** `wrapper` (a test's own, if any) inside the app's i18n provider. */
function inI18n(wrapper: ComponentType<{ children: ReactNode }> | undefined) {
  return function I18nWrapper({ children }: { children: ReactNode }) {
    const inner = wrapper ? createElement(wrapper, null, children) : children
    return createElement(I18nProvider, { i18n }, inner)
  }
}

vi.mock('@testing-library/react', async (importOriginal) => {
  const original = await importOriginal<typeof TestingLibrary>()
  const render = (ui: ReactNode, options?: RenderOptions) =>
    original.render(ui, { ...options, wrapper: inI18n(options?.wrapper) })
  const renderHook = <Result, Props>(
    hook: (props: Props) => Result,
    options?: RenderHookOptions<Props>,
  ) => original.renderHook(hook, { ...options, wrapper: inI18n(options?.wrapper) })
  return { ...original, render, renderHook }
})

afterEach(async () => {
  cleanup()
  localStorage.clear()
  await activateLocale('en')
})
