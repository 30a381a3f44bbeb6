/** Renders the brand sources in dev/assets into the favicons, PWA icons and social preview in public/. */
import sharp from 'sharp'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const SOURCE_DIR = dirname(fileURLToPath(import.meta.url))
const ROOT_DIR = join(SOURCE_DIR, '..', '..')
const PUBLIC_DIR = join(ROOT_DIR, 'public')

/** The app's dark background; opaque icons are flattened onto it. */
const BACKGROUND = '#161616'

/** One raster output: which source SVG, at what pixel size, and whether it must be opaque. */
type PngOutput = {
  file: string
  source: 'icon.svg' | 'icon-maskable.svg' | 'og.svg'
  width: number
  height: number
  opaque: boolean
}

const PNG_OUTPUTS: readonly PngOutput[] = [
  { file: 'favicon-32.png', source: 'icon.svg', width: 32, height: 32, opaque: false },
  // iOS masks the square itself and shows transparency as black, so give it the real background.
  { file: 'apple-touch-icon.png', source: 'icon.svg', width: 180, height: 180, opaque: true },
  { file: 'pwa-192.png', source: 'icon.svg', width: 192, height: 192, opaque: false },
  { file: 'pwa-512.png', source: 'icon.svg', width: 512, height: 512, opaque: false },
  { file: 'maskable-192.png', source: 'icon-maskable.svg', width: 192, height: 192, opaque: true },
  { file: 'maskable-512.png', source: 'icon-maskable.svg', width: 512, height: 512, opaque: true },
  { file: 'og-image.png', source: 'og.svg', width: 1200, height: 630, opaque: true },
]

/** Sizes packed into favicon.ico, smallest first. */
const ICO_SIZES = [16, 32] as const

/** The manifest `icons` entries matching the files this script writes. */
export const MANIFEST_ICONS = [
  { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const

/** Rasterises an SVG straight at the target size (sharper than downscaling) into a metadata-free PNG. */
async function renderPng(
  svg: Buffer,
  width: number,
  height: number,
  opaque: boolean,
): Promise<Buffer> {
  const { width: svgWidth } = await sharp(svg).metadata()
  // librsvg draws one SVG user unit as one pixel at 72 dpi, so scale the density to hit `width`.
  const density = (72 * width) / svgWidth
  let image = sharp(svg, { density }).resize(width, height, { fit: 'fill' })
  if (opaque) image = image.flatten({ background: BACKGROUND })
  // Fixed encoder settings keep the bytes identical from run to run.
  const png = await image
    .png({ compressionLevel: 9, adaptiveFiltering: false, palette: false })
    .toBuffer()
  return stripAncillaryChunks(png)
}

/** Keeps only the PNG chunks needed to draw the image, dropping pHYs and any other metadata. */
function stripAncillaryChunks(png: Buffer): Buffer {
  const SIGNATURE_BYTES = 8
  const kept = [png.subarray(0, SIGNATURE_BYTES)]
  for (let at = SIGNATURE_BYTES; at < png.length;) {
    const chunkBytes = 12 + png.readUInt32BE(at) // length, type, data, CRC
    const type = png.toString('latin1', at + 4, at + 8)
    // Critical chunk types start with an upper-case letter; tRNS carries palette transparency.
    if (/^[A-Z]/.test(type) || type === 'tRNS') kept.push(png.subarray(at, at + chunkBytes))
    at += chunkBytes
  }
  return Buffer.concat(kept)
}

/** Wraps square PNG images in an ICO container (header, one directory entry each, then the PNGs). */
function encodeIco(images: readonly { size: number; png: Buffer }[]): Buffer {
  const HEADER_BYTES = 6
  const ENTRY_BYTES = 16
  const header = Buffer.alloc(HEADER_BYTES)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type 1 = icon
  header.writeUInt16LE(images.length, 4)

  let offset = HEADER_BYTES + ENTRY_BYTES * images.length
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(ENTRY_BYTES)
    entry.writeUInt8(size >= 256 ? 0 : size, 0) // width; 0 means 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1) // height
    entry.writeUInt8(0, 2) // palette colours: none
    entry.writeUInt8(0, 3) // reserved
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += png.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)])
}

/** Writes one file into public/ and logs its path, pixel size and byte size. */
async function emit(file: string, bytes: Buffer, dimensions: string): Promise<void> {
  const path = join(PUBLIC_DIR, file)
  await writeFile(path, bytes)
  const where = relative(ROOT_DIR, path)
  console.log(`${where.padEnd(30)} ${dimensions.padEnd(10)} ${bytes.length.toLocaleString('en')} B`)
}

/** Generates every asset from the sources, in a fixed order. */
async function main(): Promise<void> {
  await mkdir(PUBLIC_DIR, { recursive: true })
  const sources = {
    'icon.svg': await readFile(join(SOURCE_DIR, 'icon.svg')),
    'icon-maskable.svg': await readFile(join(SOURCE_DIR, 'icon-maskable.svg')),
    'og.svg': await readFile(join(SOURCE_DIR, 'og.svg')),
  }

  const icoImages = await Promise.all(
    ICO_SIZES.map(async (size) => ({
      size,
      png: await renderPng(sources['icon.svg'], size, size, false),
    })),
  )
  await emit('favicon.ico', encodeIco(icoImages), ICO_SIZES.map((s) => `${s}`).join('+'))

  for (const { file, source, width, height, opaque } of PNG_OUTPUTS) {
    await emit(file, await renderPng(sources[source], width, height, opaque), `${width}x${height}`)
  }

  console.log('\nmanifest.webmanifest "icons":')
  console.log(JSON.stringify(MANIFEST_ICONS, null, 2))
}

await main()
