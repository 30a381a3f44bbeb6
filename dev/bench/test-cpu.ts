/**
 * `npm run bench:test-cpu [-- <command…>]`: where a test run's CPU goes. Runs the command
 * (`npm test` unless given), reads every process's CPU time from `/proc` once a second while it
 * runs, and prints the core-seconds spent by each kind of process (Chromium, Firefox, WebKit,
 * vitest, ESLint, the type check…) with the share of the machine's cores they kept busy. Linux
 * only; asserts nothing. Decision 030 gives a run's figures.
 *
 * A process that starts and ends between two readings is missed, and one that ends is counted up
 * to its last reading: short-lived helpers are under-counted by up to a second each. `wait4`'s
 * totals (`/usr/bin/time`) are no better: they lose every process its parent never waits for,
 * about half of Chromium's.
 */
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second of `/proc/<pid>/stat`'s times (`getconf CLK_TCK`: 100 on Linux). */
const TICKS_PER_SECOND = 100
const SAMPLE_MS = 1000

/** A process seen: what kind it is, its CPU ticks when first and last seen. */
interface Seen {
  kind: string
  first: number
  last: number
}

/** Node processes by the tool they run (the first of these found in their command line). */
const NODE_TOOLS = ['vitest', 'eslint', 'prettier', 'tsc', 'vite', 'tsx', 'npm']

/** The kind of a process from its name and command line. */
function kindOf(name: string, commandLine: string): string {
  if (/^(chromium|chrome)/.test(name) || commandLine.includes('/chromium/')) {
    // Its process types: the browser, a renderer per site and context, the GPU, the utilities.
    const type = /--type=(\S+)/.exec(commandLine)?.[1] ?? 'browser'
    const subType = /--utility-sub-type=(\S+)/.exec(commandLine)?.[1]
    return `Chromium: ${subType === undefined ? type : `${type} (${subType})`}`
  }
  if (
    /firefox|Web Content|WebExtensions|Isolated Web|Socket Process|RDD|Utility Process/.test(name)
  ) {
    return 'Firefox'
  }
  if (/^WebKit|MiniBrowser/.test(name)) return 'WebKit'
  if (name === 'node' || name.startsWith('node') || name === 'MainThread') {
    const tool = NODE_TOOLS.find((candidate) => commandLine.includes(candidate))
    return `Node: ${tool ?? 'other'}`
  }
  if (/^(caddy|nginx|Xvfb|xvfb-run)/.test(name)) return name.replace(/:.*/, '')
  if (/^(kworker|ksoftirqd|rcu_|kdamond|migration|kthreadd|khugepaged)/.test(name)) {
    return 'kernel threads'
  }
  return `other (${name})`
}

/** Reads every process once: its key (pid and start time, so a reused pid is another), kind, ticks. */
function readProcesses(): { key: string; name: string; ticks: number; pid: string }[] {
  const found = []
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // utime, stime and starttime: the 14th, 15th and 22nd fields of stat (man 5 proc).
      const ticks = Number(fields[11]) + Number(fields[12])
      found.push({ key: `${pid}@${fields[19]}`, name, ticks, pid })
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found
}

function commandLineOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
  } catch {
    return ''
  }
}

const seen = new Map<string, Seen>()

/** One reading: new processes are classified once; every process's last ticks are updated. */
function sample(atStart: boolean): void {
  for (const { key, name, ticks, pid } of readProcesses()) {
    const known = seen.get(key)
    if (known) known.last = ticks
    else {
      const kind = kindOf(name, commandLineOf(pid))
      // A process already running counts from now; one started since counts from its start.
      seen.set(key, { kind, first: atStart ? ticks : 0, last: ticks })
    }
  }
}

function report(wallSeconds: number, exitCode: number | null): void {
  const byKind = new Map<string, number>()
  for (const { kind, first, last } of seen.values()) {
    byKind.set(kind, (byKind.get(kind) ?? 0) + (last - first) / TICKS_PER_SECOND)
  }
  const rows = [...byKind].filter(([, seconds]) => seconds >= 0.5).sort((a, b) => b[1] - a[1])
  const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0)
  const cores = availableParallelism()
  console.log(`\nCPU by kind of process (core-seconds), over ${wallSeconds.toFixed(1)} s:`)
  for (const [kind, seconds] of rows) console.log(`  ${seconds.toFixed(1).padStart(8)}  ${kind}`)
  // Kinds named "family: part" (Chromium's process types, Node's tools): each family's sum too.
  const families = new Map<string, number>()
  for (const [kind, seconds] of rows) {
    const family = kind.split(':')[0] as string
    if (family !== kind) families.set(family, (families.get(family) ?? 0) + seconds)
  }
  for (const [family, seconds] of families) {
    console.log(`  ${seconds.toFixed(1).padStart(8)}  ${family}, every kind above`)
  }
  console.log(`  ${total.toFixed(1).padStart(8)}  in all`)
  const busy = (100 * total) / (wallSeconds * cores)
  console.log(`The ${cores} cores were ${busy.toFixed(0)} % busy; the command exited ${exitCode}.`)
}

const command = process.argv.slice(2)
const [program = 'npm', ...args] = command.length > 0 ? command : ['npm', 'test']
sample(true)
const started = performance.now()
const timer = setInterval(() => sample(false), SAMPLE_MS)
const child = spawn(program, args, { stdio: 'inherit' })
child.on('close', (code) => {
  clearInterval(timer)
  sample(false)
  report((performance.now() - started) / 1000, code)
  process.exitCode = code ?? 1
})
