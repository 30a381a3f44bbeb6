/**
 * Leases on the browser-test stacks: one file per stack in a lease directory, created exclusively
 * and holding its process's id. A lease whose process has died is free again, so a test process
 * killed mid-file never keeps a stack from the next file.
 */
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/** Where the lease on stack `index` (from 0) lives. */
export const leasePath = (leaseDir: string, index: number) =>
  join(leaseDir, `stack-${index + 1}.lease`)

/** Whether process `pid` is still running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The process id written in a lease, or null if there is none to read (gone, half-written). */
export function holder(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8'))
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/** Takes lease `path` for process `pid` unless a live process holds it; true when taken. */
export function tryLease(path: string, pid = process.pid): boolean {
  try {
    const fd = openSync(path, 'wx')
    writeSync(fd, String(pid))
    closeSync(fd)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const held = holder(path)
  if (held === null || alive(held)) return false
  // Its holder died without giving it back: move it aside (of two takers, one rename succeeds),
  // then take it as new.
  const aside = `${path}.${pid}.stale`
  try {
    renameSync(path, aside)
  } catch {
    return false
  }
  rmSync(aside, { force: true })
  return tryLease(path, pid)
}

/**
 * Leases the first free stack of `count` for process `pid`, trying `preferred` first: the stack's
 * index, or null while a live process holds every one.
 */
export function leaseFree(
  leaseDir: string,
  count: number,
  preferred: number,
  pid = process.pid,
): number | null {
  for (let offset = 0; offset < count; offset++) {
    const index = (preferred + offset) % count
    if (tryLease(leasePath(leaseDir, index), pid)) return index
  }
  return null
}

/** Gives back lease `path` if process `pid` holds it. */
export function releaseLease(path: string, pid = process.pid): void {
  if (holder(path) === pid) rmSync(path, { force: true })
}
