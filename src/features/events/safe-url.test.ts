import { describe, expect, it } from 'vitest'
import { httpUrl } from './safe-url.ts'

describe('httpUrl', () => {
  it.each([
    ['https://iyk.app/events/x', 'https://iyk.app/events/x'],
    ['http://127.0.0.1:8788/images/a.svg', 'http://127.0.0.1:8788/images/a.svg'],
  ])('keeps %s', (value, expected) => {
    expect(httpUrl(value)).toBe(expected)
  })

  it.each([
    null,
    '',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com/file',
    '/relative/path',
    'not a url',
  ])('refuses %s', (value) => {
    expect(httpUrl(value)).toBeNull()
  })
})
