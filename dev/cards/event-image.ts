/**
 * Draws an event's artwork: a two-colour gradient card with the event's name, served as a PNG of
 * POAP's artwork size, as POAP serves its artwork (PNG or GIF, never SVG).
 */
import { createHash } from 'node:crypto'
import sharp from 'sharp'

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function wrap(words: string[], width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) lines.push(line)
  return lines.slice(0, 3)
}

/** An SVG (600×600) for `slug`, titled `title`; the colours are derived from the slug. */
function eventImageSvg(slug: string, title: string): string {
  const hash = createHash('sha256').update(slug).digest()
  const hueA = ((hash[0] ?? 0) * 360) / 256
  const hueB = (hueA + 60 + (hash[1] ?? 0) / 2) % 360
  const lines = wrap(title.split(/\s+/), 14)
  const text = lines
    .map(
      (line, i) =>
        `<text x="300" y="${470 + i * 44 - (lines.length - 1) * 22}" font-size="38">${escapeXml(line)}</text>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hueA.toFixed(0)} 70% 45%)"/><stop offset="1" stop-color="hsl(${hueB.toFixed(0)} 75% 25%)"/>
</linearGradient></defs>
<rect width="600" height="600" rx="48" fill="url(#g)"/>
<circle cx="300" cy="230" r="130" fill="none" stroke="#fff" stroke-opacity=".85" stroke-width="14"/>
<circle cx="300" cy="230" r="70" fill="#fff" fill-opacity=".2"/>
<g fill="#fff" font-family="system-ui, sans-serif" font-weight="700" text-anchor="middle">${text}</g>
</svg>`
}

/** POAP's artwork is a 500×500 raster. */
const SIZE = 500

/** Rendered images by slug: each is drawn once per stand-in process. */
const rendered = new Map<string, Promise<Buffer>>()

/** The PNG (500×500) for `slug`, titled `title`: the SVG above, rasterised. */
export function eventImagePng(slug: string, title: string): Promise<Buffer> {
  const key = `${slug}\u0000${title}`
  let png = rendered.get(key)
  if (!png) {
    const svg = Buffer.from(eventImageSvg(slug, title))
    // librsvg draws one SVG user unit as one pixel at 72 dpi: scale the density to hit SIZE.
    png = sharp(svg, { density: (72 * SIZE) / 600 })
      .resize(SIZE, SIZE)
      .png()
      .toBuffer()
    rendered.set(key, png)
  }
  return png
}
