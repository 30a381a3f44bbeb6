import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDocumentTitle } from './use-document-title.ts'

describe('useDocumentTitle', () => {
  it('names the tab after the screen, then the app, and follows a new title', () => {
    const { rerender } = renderHook(({ title }) => useDocumentTitle(title), {
      initialProps: { title: 'Konto' as string | null },
    })
    expect(document.title).toBe('Konto · IYK Cards')
    rerender({ title: null })
    expect(document.title).toBe('IYK Cards')
  })
})
