/** The landing boot script: a sign-in link's token leaves the address before the page loads anything. */
import { describe, expect, it } from 'vitest'
import { LANDING_STASH } from '../src/core/sign-in-landing-stash.ts'
import { landingBootScript, moveLandingToken, type LandingWindow } from './landing-boot.ts'

const TOKEN = 'DOYoip3rvIMMW5lgItikFK-Ak1CfMsgjuiCyI7uuU94%3D'

/** A stand-in window at `address`; its history records the address it was replaced with. */
function pageAt(address: string) {
  const url = new URL(address, 'https://cards.example')
  const replaced: string[] = []
  const state = { key: 'router' }
  const page: LandingWindow & Record<string, unknown> = {
    location: { pathname: url.pathname, search: url.search, hash: url.hash },
    history: {
      state,
      replaceState(given: unknown, _unused: string, next?: string | URL | null) {
        expect(given).toBe(state)
        replaced.push(String(next))
      },
    },
  }
  return { page, replaced }
}

/** Runs the serialised script, as the page does, against a stand-in window. */
function runScript(address: string) {
  const at = pageAt(address)
  new Function('window', landingBootScript)(at.page)
  return { replaced: at.replaced, stash: at.page[LANDING_STASH] }
}

describe('landing boot script', () => {
  it('moves a magic link’s token and type out of the address, encoded as they came', () => {
    const { replaced, stash } = runScript(
      `/auth/email?stytch_token_type=magic_links&token=${TOKEN}`,
    )
    expect(replaced).toEqual(['/auth/email'])
    expect(stash).toBe(`?stytch_token_type=magic_links&token=${TOKEN}`)
  })

  it('keeps every other parameter and the fragment where they were', () => {
    const { replaced, stash } = runScript(
      `/auth/email?redirect=%2Faccount&token=${TOKEN}&stytch_token_type=oauth#top`,
    )
    expect(replaced).toEqual(['/auth/email?redirect=%2Faccount#top'])
    expect(stash).toBe(`?token=${TOKEN}&stytch_token_type=oauth`)
  })

  it('moves a token alone, a damaged one, and names written with escapes', () => {
    expect(runScript('/auth/email?token=cut').stash).toBe('?token=cut')
    const escaped = runScript(`/auth/email/?%74oken=${TOKEN}&a=1`)
    expect(escaped.replaced).toEqual(['/auth/email/?a=1'])
    expect(escaped.stash).toBe(`?%74oken=${TOKEN}`)
    expect(runScript('/auth/email?%E0%A4%A=1&token=x').replaced).toEqual(['/auth/email?%E0%A4%A=1'])
  })

  it('leaves every other page and a landing without a token alone', () => {
    for (const address of [
      `/tap?uid=04A2&token=${TOKEN}`,
      `/auth/emails?token=${TOKEN}`,
      '/auth/email?redirect=%2Faccount',
      '/auth/email?',
      '/auth/email',
    ]) {
      const { replaced, stash } = runScript(address)
      expect(replaced, address).toEqual([])
      expect(stash, address).toBeUndefined()
    }
  })

  it('can sit inside a script element (nothing in it ends one)', () => {
    expect(landingBootScript).not.toMatch(/<\/script|<!--/i)
  })

  it('is the function the page runs: the same result called directly', () => {
    const { page, replaced } = pageAt(`/auth/email?token=${TOKEN}&x=1`)
    moveLandingToken('/auth/email', ['token'], 'held', page)
    expect(replaced).toEqual(['/auth/email?x=1'])
    expect(page.held).toBe(`?token=${TOKEN}`)
  })
})
