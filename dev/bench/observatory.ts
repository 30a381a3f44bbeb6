/**
 * `npm run bench:observatory`: the MDN HTTP Observatory (1.4.8, its scoring algorithm 4) scans the
 * production build as `npm run serve:prod` serves it, Caddy with the built Caddyfile on ports 443
 * and 80 (run it as root), its local root trusted; prints each test's result and the score.
 * Asserts nothing.
 *
 * The Observatory is installed on first use into `.bench/observatory` (its own install step
 * downloads lists from outside, so it runs with `--ignore-scripts` and an empty HSTS preload list:
 * "preloaded" cannot score here). The site is built with production-like HTTPS origins
 * (`.example` names, never called: the scan reads the page and its headers only).
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { build } from 'vite'
import { caddyRootCertificate, startCaddy } from '../hosting/web-servers.ts'

const VERSION = '1.4.8'
const HOST = process.env.OBSERVATORY_HOST ?? 'cards.iyk-bench.test'
const INSTALL = resolve('.bench/observatory')
const PACKAGE = join(INSTALL, 'node_modules/@mdn/mdn-http-observatory')
const SITE = resolve('.bench/observatory-dist')

/** Installs the Observatory, without its install step, with an empty HSTS preload list. */
async function install(): Promise<void> {
  if (!existsSync(join(PACKAGE, 'src/scan.js'))) {
    await mkdir(INSTALL, { recursive: true })
    console.log(`Installing @mdn/mdn-http-observatory@${VERSION} into ${INSTALL}…`)
    await promisify(execFile)('npm', [
      'install',
      '--prefix',
      INSTALL,
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      `@mdn/mdn-http-observatory@${VERSION}`,
    ])
  }
  await writeFile(join(PACKAGE, 'conf/hsts-preload.json'), '{}\n')
}

/** The production build, configured with HTTPS origins as a deployment would be. */
async function buildSite(): Promise<void> {
  Object.assign(process.env, {
    NODE_ENV: 'production',
    VITE_STYTCH_API_URL: 'https://api.cards.example',
    VITE_CARDS_API_URL: 'https://cards-api.cards.example',
    VITE_SENTRY_DSN: 'https://0123456789abcdef@o1.ingest.sentry.example/7',
    VITE_RPC_URL_MAINNET: 'https://mainnet.rpc.example',
    VITE_RPC_URL_SEPOLIA: 'https://sepolia.rpc.example',
    VITE_SITE_URL: `https://${HOST}`,
  })
  await build({ mode: 'production', logLevel: 'warn', build: { outDir: SITE, emptyOutDir: true } })
}

/** One test of the scan's answer. */
interface ScanTest {
  pass: boolean
  result: string
  scoreModifier: number
}

/** Runs the scan of `HOST` with Caddy's root trusted; returns its JSON answer. */
function runScan(rootCertificate: string): Promise<{
  scan: { grade: string; score: number; testsPassed: number; testsQuantity: number }
  tests: Record<string, ScanTest>
}> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        resolve('dev/bench/observatory-loopback.ts'),
        join(PACKAGE, 'src/scan.js'),
        HOST,
      ],
      {
        env: { ...process.env, NODE_EXTRA_CA_CERTS: rootCertificate, OBSERVATORY_HOST: HOST },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', fail)
    child.on('exit', () => {
      try {
        const answer = JSON.parse(output) as Awaited<ReturnType<typeof runScan>> & {
          error?: string
        }
        if (answer.error) fail(new Error(`The scan failed: ${answer.error}`))
        else done(answer)
      } catch {
        fail(new Error(`The scan printed no result: ${output.slice(0, 500)}`))
      }
    })
  })
}

async function main(): Promise<void> {
  await install()
  await buildSite()
  const data = await mkdtemp(join(tmpdir(), 'iyk-observatory-caddy-'))
  const caddy = await startCaddy(SITE, { host: HOST, httpsPort: 443, httpPort: 80, dataDir: data })
  try {
    const { scan, tests } = await runScan(caddyRootCertificate(data))
    console.log(
      `\nMDN HTTP Observatory ${VERSION} on https://${HOST}/ (Caddy, the built Caddyfile)\n`,
    )
    console.log('| test | pass | result | score |')
    console.log('|---|---|---|---|')
    for (const [name, test] of Object.entries(tests)) {
      const modifier =
        test.scoreModifier > 0 ? `+${test.scoreModifier}` : String(test.scoreModifier)
      console.log(`| ${name} | ${test.pass ? 'yes' : 'no'} | ${test.result} | ${modifier} |`)
    }
    console.log(
      `\nGrade ${scan.grade}, score ${scan.score}, ${scan.testsPassed} of ${scan.testsQuantity} tests passed`,
    )
  } finally {
    await caddy.close()
    await rm(data, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
