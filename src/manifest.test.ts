/** manifest.webmanifest content: what Android and desktop Chromium need to install the app. */
import { reportMissing, validateManifest } from '@pwabuilder/manifest-validation'
import { describe, expect, it } from 'vitest'
import raw from '../manifest.webmanifest?raw'

interface Image {
  src: string
  sizes: string
  type: string
  purpose?: string
  form_factor?: string
}

const manifest = JSON.parse(raw) as Record<string, unknown> & {
  icons: Image[]
  screenshots: Image[]
}

describe('manifest.webmanifest', () => {
  it('names the app and scopes it to the whole origin, so /tap links open it', () => {
    expect(manifest).toMatchObject({
      id: '/',
      name: 'IYK Cards',
      short_name: 'IYK Cards',
      description: 'Your key to the wwworld.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#161616',
    })
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)
  })

  it.each([
    ['any', '192x192'],
    ['any', '512x512'],
    ['maskable', '192x192'],
    ['maskable', '512x512'],
  ])('has a %s icon at %s', (purpose, sizes) => {
    const icon = manifest.icons.find((entry) => entry.purpose === purpose && entry.sizes === sizes)
    expect(icon?.type).toBe('image/png')
  })

  it('keeps maskable icons separate from "any" ones', () => {
    for (const icon of manifest.icons) expect(icon.purpose).toMatch(/^(any|maskable)$/)
  })

  it.each(['narrow', 'wide'])('has a %s screenshot', (formFactor) => {
    const shot = manifest.screenshots.find((entry) => entry.form_factor === formFactor)
    expect(shot?.sizes).toMatch(/^\d+x\d+$/)
    const [width = 0, height = 0] = (shot?.sizes ?? '').split('x').map(Number)
    expect(formFactor === 'wide' ? width > height : height > width).toBe(true)
  })

  it('reuses the open window for a tapped link (Chromium on desktop), and offers the list and the account as shortcuts', () => {
    expect(manifest.launch_handler).toEqual({ client_mode: ['navigate-existing', 'auto'] })
    expect(manifest.handle_links).toBe('preferred')
    expect(manifest.shortcuts).toEqual([
      expect.objectContaining({ name: 'Your events', url: '/' }),
      expect.objectContaining({ name: 'Account', url: '/account' }),
    ])
  })

  /**
   * What PWABuilder's validation asks for that does not apply to this app: it is no store app
   * (`related_applications`, `iarc_rating_id`), receives no shares, files or protocols, lives on
   * one origin, draws no title bar (`display_override` with `window-controls-overlay`) and has
   * no widgets or Edge side panel.
   */
  const NOT_APPLICABLE = [
    'related_applications',
    'iarc_rating_id',
    'share_target',
    'protocol_handlers',
    'file_handlers',
    'scope_extensions',
    'display_override',
    'widgets',
    'edge_side_panel',
  ]

  it('passes PWABuilder’s validation in everything that applies to it', async () => {
    const failed = (await validateManifest(manifest as never, true))
      .filter((test) => !test.valid)
      .map((test) => test.member)
    expect(failed.filter((member) => !NOT_APPLICABLE.includes(member))).toEqual([])
    const missing = await reportMissing(manifest as never)
    expect(missing.filter((member) => !NOT_APPLICABLE.includes(member))).toEqual([])
  })
})
