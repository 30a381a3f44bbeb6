/** The Pages host stand-in reads `_headers` and `_redirects` as Netlify documents them. */
import { describe, expect, it } from 'vitest'
import {
  headersFor,
  pagesAnswer,
  patternMatches,
  readHeadersFile,
  readRedirectsFile,
} from './pages-rules.ts'

describe('patterns', () => {
  it('match a trailing splat across segments and a placeholder within one', () => {
    expect(patternMatches('/assets/*', '/assets/a/b.js')).toBe(true)
    expect(patternMatches('/assets/*', '/assetsx')).toBe(false)
    expect(patternMatches('/*', '/')).toBe(true)
    expect(patternMatches('/events/:id', '/events/12')).toBe(true)
    expect(patternMatches('/events/:id', '/events/12/more')).toBe(false)
    expect(patternMatches('/index.html', '/indexxhtml')).toBe(false)
  })
})

describe('_headers', () => {
  const rules = readHeadersFile(`# a comment
/*
  X-Content-Type-Options: nosniff
/sw.js
  Content-Security-Policy: default-src 'none'; connect-src 'self'
  Cache-Control: no-cache
`)

  it('gives a path the headers of every rule that matches it', () => {
    expect(headersFor(rules, '/sw.js')).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; connect-src 'self'",
      'Cache-Control': 'no-cache',
    })
    expect(headersFor(rules, '/')).toEqual({ 'X-Content-Type-Options': 'nosniff' })
  })

  it('refuses one header from two matching rules (the hosts disagree on what that means)', () => {
    const clash = readHeadersFile('/*\n  Cache-Control: no-cache\n/assets/*\n  cache-control: x\n')
    expect(() => headersFor(clash, '/assets/a.js')).toThrow(/set for \/assets\/a.js by/)
  })

  it('refuses a header outside a rule, a rule that is no path, and a line over 2,000', () => {
    expect(() => readHeadersFile('  X-A: b\n')).toThrow(/not a header/)
    expect(() => readHeadersFile('assets\n')).toThrow(/not a path/)
    expect(() => readHeadersFile(`/*\n  X-A: ${'a'.repeat(2000)}\n`)).toThrow(/over 2000/)
  })
})

describe('_redirects', () => {
  const files = {
    headers: [],
    redirects: readRedirectsFile(`/assets/*  /404.html  404
/old  /new  301
/forced  /index.html  200!
/*  /index.html  200
`),
  }
  const site = new Set(['/index.html', '/404.html', '/assets/a.js', '/forced'])
  const exists = (path: string) => site.has(path)

  it('serves a file that exists before any rule that is not forced', () => {
    expect(pagesAnswer(files, '/assets/a.js', exists)).toMatchObject({
      status: 200,
      file: '/assets/a.js',
    })
    expect(pagesAnswer(files, '/forced', exists)).toMatchObject({
      status: 200,
      file: '/index.html',
    })
  })

  it('takes the first rule that matches: a 404 rule, a redirect, a rewrite', () => {
    expect(pagesAnswer(files, '/assets/gone.js', exists)).toMatchObject({
      status: 404,
      file: '/404.html',
    })
    expect(pagesAnswer(files, '/old', exists)).toMatchObject({ status: 301, location: '/new' })
    expect(pagesAnswer(files, '/tap', exists)).toMatchObject({ status: 200, file: '/index.html' })
    expect(pagesAnswer(files, '/', exists)).toMatchObject({ status: 200, file: '/index.html' })
  })

  it('answers 404.html when no rule and no file matches', () => {
    const none = { headers: [], redirects: [] }
    expect(pagesAnswer(none, '/nope', exists)).toMatchObject({ status: 404, file: '/404.html' })
  })

  it('refuses a status the hosts do not take', () => {
    expect(() => readRedirectsFile('/a /b 418\n')).toThrow(/line 1/)
  })
})
