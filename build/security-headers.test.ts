/** The headers a host sends: what they say, and that the README's deploy notes list them all. */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { PERMISSIONS_POLICY, REFERRER_POLICY, securityHeaders } from './security-headers.ts'

describe('security headers', () => {
  it('forbid framing, sniffing and any referrer beyond the origin', () => {
    const headers = securityHeaders({ https: true })
    expect(headers['Content-Security-Policy']).toBe("frame-ancestors 'none'")
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe(REFERRER_POLICY)
    expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains')
  })

  it('pin HTTPS only where the site is served over HTTPS', () => {
    expect(securityHeaders({ https: false })).not.toHaveProperty('Strict-Transport-Security')
  })

  it('deny unused powerful features and keep passkeys, copying and sharing for the app', () => {
    const features = new Map(
      PERMISSIONS_POLICY.split(', ').map((entry) => entry.split('=') as [string, string]),
    )
    for (const denied of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(features.get(denied), denied).toBe('()')
    }
    for (const kept of [
      'publickey-credentials-get',
      'publickey-credentials-create',
      'clipboard-write',
      'web-share',
    ]) {
      expect(features.get(kept), kept).toBe('(self)')
    }
  })

  it('are listed in the README’s deploy notes, each with its value', async () => {
    const readme = await readFile('README.md', 'utf8')
    const deploying = /## Deploying\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? ''
    for (const [name, value] of Object.entries(securityHeaders({ https: true }))) {
      expect(deploying, name).toContain(`\`${name}: ${value}\``)
    }
  })
})
