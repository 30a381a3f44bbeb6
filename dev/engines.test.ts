/**
 * Every installed package runs on every Node the project promises (`engines.node`): a newcomer on
 * the oldest supported Node gets no engine warnings and nothing that silently needs a newer one.
 */
import { readFile } from 'node:fs/promises'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

interface Lockfile {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>
}

describe('Node versions', () => {
  it('every locked package supports the oldest Node in engines', async () => {
    const own = JSON.parse(await readFile('package.json', 'utf8')) as { engines: { node: string } }
    const oldest = semver.minVersion(own.engines.node)
    expect(oldest).not.toBeNull()
    const lock = JSON.parse(await readFile('package-lock.json', 'utf8')) as Lockfile
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node
      return range && !semver.satisfies(oldest!, range) ? [`${path} wants node ${range}`] : []
    })
    expect(refusing).toEqual([])
  })

  it('runs on a Node the project supports', async () => {
    const own = JSON.parse(await readFile('package.json', 'utf8')) as { engines: { node: string } }
    expect(semver.satisfies(process.versions.node, own.engines.node)).toBe(true)
  })
})
