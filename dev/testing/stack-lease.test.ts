/** Leases on the browser-test stacks: one holder per stack, the first free one, a dead holder's freed. */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { holder, leaseFree, leasePath, releaseLease, tryLease } from './stack-lease.ts'

/** The id of a process that has exited (its id is not reused this soon on Linux). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
  return Number(child.stdout.toString())
}

/** Live processes other than this test's: its parent, and the machine's first process. */
const otherLive = [process.ppid, 1]

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stack-lease-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('stack leases', () => {
  it('gives each live process a stack of its own, the preferred one first', () => {
    expect(leaseFree(dir, 2, 1, otherLive[0])).toBe(1)
    expect(leaseFree(dir, 2, 1, otherLive[1])).toBe(0)
    expect(holder(leasePath(dir, 1))).toBe(otherLive[0])
    expect(holder(leasePath(dir, 0))).toBe(otherLive[1])
  })

  it('has none to give while live processes hold every stack', () => {
    leaseFree(dir, 2, 0, otherLive[0])
    leaseFree(dir, 2, 0, otherLive[1])
    expect(leaseFree(dir, 2, 0, process.pid)).toBeNull()
    expect(tryLease(leasePath(dir, 0), process.pid)).toBe(false)
  })

  it('frees a stack when its holder gives it back, and only its holder can', () => {
    const path = leasePath(dir, 0)
    expect(tryLease(path, otherLive[0])).toBe(true)
    releaseLease(path, process.pid)
    expect(holder(path)).toBe(otherLive[0])
    releaseLease(path, otherLive[0])
    expect(holder(path)).toBeNull()
    expect(leaseFree(dir, 1, 0, process.pid)).toBe(0)
  })

  it('takes over a lease whose process died without giving it back', () => {
    const path = leasePath(dir, 0)
    writeFileSync(path, String(deadPid()))
    expect(leaseFree(dir, 2, 0, process.pid)).toBe(0)
    expect(readFileSync(path, 'utf8')).toBe(String(process.pid))
  })

  it('treats a lease it cannot read as held (a holder still writing it)', () => {
    writeFileSync(leasePath(dir, 0), '')
    expect(tryLease(leasePath(dir, 0), process.pid)).toBe(false)
  })
})
