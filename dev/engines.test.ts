/**
 * Every installed package runs on every Node the project promises (`engines.node`): a newcomer on
 * the oldest release of any supported major gets no engine warnings and nothing that silently
 * needs a newer one.
 */
import { readFile } from 'node:fs/promises'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

interface LockEntry {
  engines?: { node?: string } | string[]
  optional?: boolean
  os?: string[]
}
interface Lockfile {
  packages: Record<string, LockEntry>
}

/** The newest major checked under an open-ended range (`>=24`): today's current release line. */
const NEWEST_MAJOR_CHECKED = 26

const ownRange = async () =>
  (JSON.parse(await readFile('package.json', 'utf8')) as { engines: { node: string } }).engines.node

/** The lowest version of every major `range` allows, up to `NEWEST_MAJOR_CHECKED`. */
function lowestOfEachMajor(range: string): string[] {
  // Each `||` alternative is a set of comparators; within one major, the lowest of any of them.
  const alternatives = new semver.Range(range).set.map((set) => set.map(String).join(' '))
  const lowest: string[] = []
  for (let major = 0; major <= NEWEST_MAJOR_CHECKED; major++) {
    const found = alternatives
      .map((set) => semver.minVersion(`${set} >=${major}.0.0 <${major + 1}.0.0-0`))
      .filter((version): version is semver.SemVer => version !== null)
      .filter((version) => semver.satisfies(version, range))
      .sort(semver.compare)[0]
    if (found) lowest.push(found.version)
  }
  return lowest
}

/** The locked packages whose `engines.node` refuses `version` (platform binaries npm skips aside). */
async function refusing(version: string): Promise<string[]> {
  const lock = JSON.parse(await readFile('package-lock.json', 'utf8')) as Lockfile
  return Object.entries(lock.packages).flatMap(([path, entry]) => {
    // An optional binary for another system (sharp's win32-ia32, say) is never installed here,
    // and npm skips an optional package it cannot use instead of failing.
    if (entry.optional && entry.os) return []
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node
    return range && !semver.satisfies(version, range) ? [`${path} wants node ${range}`] : []
  })
}

describe('Node versions', () => {
  it('finds the lowest release of each allowed major', () => {
    expect(lowestOfEachMajor('^20.19.0 || ^22.13.0 || >=24')).toEqual([
      '20.19.0',
      '22.13.0',
      '24.0.0',
      '25.0.0',
      '26.0.0',
    ])
    expect(lowestOfEachMajor('>=20.19')).toContain('21.0.0')
  })

  it('every locked package supports the lowest release of every allowed major', async () => {
    const majors = lowestOfEachMajor(await ownRange())
    expect(majors.length).toBeGreaterThan(0)
    const refused = await Promise.all(
      majors.map(async (version) => ({ version, refusing: await refusing(version) })),
    )
    expect(refused.filter((entry) => entry.refusing.length > 0)).toEqual([])
  })

  it('runs on a Node the project supports, the one .nvmrc names', async () => {
    const range = await ownRange()
    expect(semver.satisfies(process.versions.node, range)).toBe(true)
    const pinned = (await readFile('.nvmrc', 'utf8')).trim()
    expect(semver.satisfies(semver.coerce(pinned)?.version ?? 'none', range)).toBe(true)
  })
})
