/**
 * The release before this one, built from its own commit of this repository: the fixture for
 * upgrades (STYLE: "the release before this one is the fixture"). Its files come from git, its
 * dependencies are this tree's when every package its lockfile names is installed here at the
 * same place and version (else they are installed from the registry), and it is built for this
 * file's stack like the browser-test build.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { writeHosting } from '../../build/hosting/plugin.ts'
import { parseConfig } from '../../src/config/defaults.ts'
import { buildRelease, releaseEnv } from './release-host.ts'

const run = promisify(execFile)

/**
 * Release 0.1.0: the landing of issue 26 (the app in six languages), the last release before the
 * hosting rules, the header policies and the release checks (package.json says 0.2.0 from here).
 */
export const PREVIOUS_RELEASE = {
  version: '0.1.0',
  commit: '8c0a29e0e98d096f9a88a9dc4543fe6bcf825176',
}

/** A lockfile's packages by install path (`node_modules/…`), without the app's own entry. */
async function lockedPackages(root: string): Promise<Map<string, string>> {
  const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; integrity?: string }>
  }
  return new Map(
    Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .map(([path, entry]) => [path, `${entry.version ?? ''} ${entry.integrity ?? ''}`]),
  )
}

/**
 * Whether this tree's `node_modules` holds every package `release` locks, each at the same place,
 * version and contents: then the release builds from it exactly as from its own install (the
 * packages added since are never imported by its code).
 */
async function installedHere(release: string): Promise<boolean> {
  const [theirs, ours] = await Promise.all([lockedPackages(release), lockedPackages(resolve('.'))])
  return [...theirs].every(([path, locked]) => ours.get(path) === locked)
}

/**
 * Builds `PREVIOUS_RELEASE` into `outDir` for this file's stack, and the hosting files its host
 * needs (that release wrote none: its host is given today's rules for its own page).
 */
export async function buildPreviousRelease(outDir: string): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'iyk-previous-release-'))
  try {
    const { commit } = PREVIOUS_RELEASE
    await run('git', ['cat-file', '-e', `${commit}^{commit}`]).catch(() => {
      throw new Error(
        `Commit ${commit} (release ${PREVIOUS_RELEASE.version}) is not in this clone: the ` +
          'upgrade tests build it. Clone with its history (not --depth).',
      )
    })
    await run('sh', ['-c', `git archive ${commit} | tar -x -C "${root}"`])
    if (await installedHere(root)) {
      await symlink(resolve('node_modules'), join(root, 'node_modules'), 'dir')
    } else {
      await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      })
    }
    await buildRelease(outDir, { root })
    await writeHosting(outDir, parseConfig(releaseEnv()))
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}
