/** manifest.webmanifest content: what Android and desktop Chromium need to install the app. */
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
})
