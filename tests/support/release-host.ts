/**
 * A host a test deploys releases to, one after another on one origin, as a deployer does: each
 * release's files are copied over the last one's, its `assets/` added to the ones kept (README,
 * Deploying), and the host answers by the release's own hosting rules. Releases are built in a
 * child process against this file's stack, from this working tree or another one.
 */
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { hostingDir } from '../../build/hosting/plugin.ts'
import { releaseHostUrl } from '../setup/servers.ts'
import { startStaticServer, type StaticServer } from './static-server.ts'
import { appUrl, cardsUrl, providerUrl, sinkUrl } from './test-stack.ts'

const run = promisify(execFile)

/** The build variables of this file's stack, as the browser-test build has them. */
export const releaseEnv = (): Record<string, string> => ({
  VITE_STYTCH_API_URL: providerUrl,
  VITE_CARDS_API_URL: cardsUrl,
  VITE_SENTRY_DSN: `http://public@${new URL(sinkUrl).host}/1`,
  VITE_TEST_WALLET: 'on',
})

/**
 * Builds the app in `root` (this working tree by default) into `outDir` for this file's stack, as
 * the browser-test build is made (tests/setup/servers.ts), with `env` added.
 */
export async function buildRelease(
  outDir: string,
  { root = resolve('.'), env = {} }: { root?: string; env?: Record<string, string> } = {},
): Promise<void> {
  await run(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', ...releaseEnv(), ...env },
    maxBuffer: 16 * 1024 * 1024,
  })
}

/** The host: its origin, and a way to deploy the next release to it. */
export interface ReleaseHost {
  url: string
  /**
   * Copies the release built in `dir` onto the site and serves it; the last release's assets are
   * kept unless `keepAssets` is false (a deployer who replaces the whole site).
   */
  deploy(dir: string, options?: { keepAssets?: boolean }): Promise<void>
  /** Deletes a file of the site (a broken deploy). */
  remove(path: string): Promise<void>
  close(): Promise<void>
}

/** A release host on this file's release port, with an empty site. */
export async function startReleaseHost(): Promise<ReleaseHost> {
  const url = releaseHostUrl(Number(new URL(appUrl).port))
  const site = await mkdtemp(join(tmpdir(), 'iyk-release-site-'))
  let server: StaticServer | undefined
  return {
    url,
    async deploy(dir, { keepAssets = true } = {}) {
      if (!keepAssets) await rm(join(site, 'assets'), { recursive: true, force: true })
      // The new files first, the page and the worker with them; the last release's assets stay.
      for (const name of await readdir(dir)) {
        await cp(join(dir, name), join(site, name), { recursive: true, force: true })
      }
      await rm(hostingDir(site), { recursive: true, force: true })
      await cp(hostingDir(dir), hostingDir(site), { recursive: true })
      // The host reads its rules when it starts: it restarts on the same port, as a reload does.
      await server?.close()
      server = await startStaticServer(site, Number(new URL(url).port))
    },
    remove: (path) => rm(join(site, path)),
    async close() {
      await server?.close()
      await rm(site, { recursive: true, force: true })
      await rm(hostingDir(site), { recursive: true, force: true })
    },
  }
}
