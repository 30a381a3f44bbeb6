import { describe, expect, it } from 'vitest'
import { parseRedirect, redirectTarget } from './redirect.ts'

describe('parseRedirect', () => {
  it.each([
    ['/account', '/account'],
    ['/events/42', '/events/42'],
    ['/tap?uid=04AB&ctr=000001#x', '/tap?uid=04AB&ctr=000001#x'],
    ['/a/../account', '/account'],
  ])('accepts the same-origin path %s', (raw, expected) => {
    expect(parseRedirect(raw)).toBe(expected)
  })

  it.each([
    'https://evil.example/account',
    '//evil.example/account',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'account',
    '',
    '/acc\tount',
    '/acc\nount',
    '/.//evil.com',
    '/..//evil.com',
    '/%2e%2e//evil.com/x?y#z',
    '/a/..//evil.com',
    '/auth/email',
    '/auth/email?redirect=/account',
    42,
    undefined,
    null,
    '/' + 'a'.repeat(3000),
  ])('refuses %j', (raw) => {
    expect(parseRedirect(raw)).toBeUndefined()
  })
})

describe('redirectTarget', () => {
  it('falls back to the home page', () => {
    expect(redirectTarget('https://evil.example')).toBe('/')
    expect(redirectTarget('/account')).toBe('/account')
  })
})
