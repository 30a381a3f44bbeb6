/** Sign-in landings (magic links and OAuth): the provider's real token alphabet, encoded or not, and what is refused. */
import { afterEach, describe, expect, it } from 'vitest'
import { LANDING_STASH } from '../../core/sign-in-landing-stash.ts'
import { landingHref, readSignInLanding, stripSignInToken } from './sign-in-landing.ts'

/** The provider's own sandbox example: 44 characters of base64url with `=` padding. */
const REAL = 'DOYoip3rvIMMW5lgItikFK-Ak1CfMsgjuiCyI7uuU94='
const landing = (query: string) => readSignInLanding(`https://app.example/auth/email?${query}`)

describe('readSignInLanding', () => {
  it('reads the provider’s token, padded, whether `=` arrives encoded or not', () => {
    const token = { kind: 'token', type: 'magic_links', token: REAL }
    expect(landing(`stytch_token_type=magic_links&token=${REAL}`)).toEqual(token)
    expect(landing(`stytch_token_type=magic_links&token=${encodeURIComponent(REAL)}`)).toEqual(
      token,
    )
    expect(landing(`token=${REAL.replace('=', '%3d')}&stytch_token_type=magic_links`)).toEqual(
      token,
    )
  })

  it('reads standard base64 with + and /, even unencoded, and a link encoded twice', () => {
    const plain = 'a+b/c' + 'x'.repeat(38) + '='
    expect(landing(`stytch_token_type=magic_links&token=${plain}`)).toEqual({
      kind: 'token',
      type: 'magic_links',
      token: plain,
    })
    const twice = encodeURIComponent(encodeURIComponent(plain))
    expect(landing(`stytch_token_type=magic_links&token=${twice}`)).toEqual({
      kind: 'token',
      type: 'magic_links',
      token: plain,
    })
  })

  it('is not a landing when the address is no URL at all', () => {
    for (const href of ['', 'token=x', '/auth/email?stytch_token_type=magic_links&token=x']) {
      expect(readSignInLanding(href)).toBeNull()
    }
  })

  it('is not a landing without a token or a token type', () => {
    expect(landing('redirect=%2Faccount')).toBeNull()
    expect(landing('')).toBeNull()
  })

  it('calls a damaged, cut or oversized token unusable instead of dropping it', () => {
    for (const token of [
      '',
      'short',
      `${REAL.slice(0, 10)}`,
      'x'.repeat(300),
      'abc def ghi jkl mno pqr',
      '%E0%A4%A',
      `${REAL}==`,
    ]) {
      expect(landing(`stytch_token_type=magic_links&token=${token}`)).toEqual({
        kind: 'unusable',
        reason: 'malformed',
      })
    }
    expect(landing('stytch_token_type=magic_links')).toEqual({
      kind: 'unusable',
      reason: 'malformed',
    })
  })

  it('reads the token Google or Apple sign-in brings back, in the same format', () => {
    expect(landing(`stytch_token_type=oauth&token=${encodeURIComponent(REAL)}`)).toEqual({
      kind: 'token',
      type: 'oauth',
      token: REAL,
    })
    expect(landing('stytch_token_type=oauth&token=cut')).toEqual({
      kind: 'unusable',
      reason: 'malformed',
    })
  })

  it('calls a token of another type, or a token with no type, unusable', () => {
    expect(landing(`stytch_token_type=impersonation&token=${REAL}`)).toEqual({
      kind: 'unusable',
      reason: 'unsupported-type',
    })
    expect(landing(`token=${REAL}`)).toEqual({ kind: 'unusable', reason: 'unsupported-type' })
  })
})

describe('landingHref and stripSignInToken', () => {
  const stashed = () => Reflect.get(window, LANDING_STASH) as unknown

  afterEach(() => {
    Reflect.deleteProperty(window, LANDING_STASH)
    window.history.replaceState(null, '', '/')
  })

  it('reads what the boot script moved out of the address, and forgets it once used', () => {
    window.history.replaceState(null, '', '/auth/email?redirect=%2Faccount')
    Reflect.set(window, LANDING_STASH, `?stytch_token_type=magic_links&token=${REAL}`)
    expect(readSignInLanding(landingHref())).toEqual({
      kind: 'token',
      type: 'magic_links',
      token: REAL,
    })
    // Read twice (React may), the token is still there; used, it is gone, and the rest stays.
    expect(readSignInLanding(landingHref())).toMatchObject({ kind: 'token' })
    stripSignInToken()
    expect(stashed()).toBeUndefined()
    expect(readSignInLanding(landingHref())).toBeNull()
    expect(window.location.search).toBe('?redirect=%2Faccount')
  })

  it('reads the address itself when no boot script ran, and strips it there', () => {
    window.history.replaceState(null, '', `/auth/email?stytch_token_type=oauth&token=${REAL}`)
    expect(readSignInLanding(landingHref())).toEqual({ kind: 'token', type: 'oauth', token: REAL })
    stripSignInToken()
    expect(window.location.href).toBe(`${window.location.origin}/auth/email`)
  })
})
