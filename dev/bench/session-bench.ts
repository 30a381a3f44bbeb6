/**
 * `npm run bench:session`: provider calls per simulated hour for the session engine beside the baseline,
 * with 1, 5 and 10 tabs, healthy and through a 10-minute provider outage, and how often the host is
 * woken to keep its schedule (tabs waking it at its named time, against the 20 s heartbeats before). A script that prints figures,
 * not a test: nothing here asserts, and nothing waits in real time (fake clock, fixed jitter seed).
 */
import { PRODUCTION_TIMING } from '../../src/core/timing.ts'
import { simulateBaseline, type BaselineVariant } from './baseline-model.ts'
import {
  simulateEngine,
  WORKER_IDLE_STOP_MS,
  type EngineHost,
  type TabWakes,
} from './engine-sim.ts'
import {
  JITTER_SEED,
  PROVIDER_LATENCY_MS,
  SCENARIOS,
  TAB_COUNTS,
  TAB_LOAD_STAGGER_MS,
  TARGET_CALLS_PER_HEALTHY_HOUR,
  type HourCounts,
  type Scenario,
} from './scenario.ts'

interface Model {
  label: string
  run(tabs: number, scenario: Scenario): Promise<HourCounts>
}

const baseline = (variant: BaselineVariant, label: string): Model => ({
  label,
  run: async (tabs, scenario) => simulateBaseline(tabs, variant, scenario),
})
const engine = (host: EngineHost, label: string, wakes: TabWakes = 'named'): Model => ({
  label,
  run: (tabs, scenario) => simulateEngine(tabs, host, scenario, wakes),
})

const MODELS: Model[] = [
  baseline('spec', 'baseline (spec model)'),
  baseline('sdk-source', 'baseline (SDK-source model)'),
  engine('worker', 'engine, service worker, 20 s heartbeats (before)', 'heartbeat-20s'),
  engine('worker', 'engine, service worker'),
  engine('page', 'engine, page hosts'),
]

/** Most schedule wakes allowed per visible healthy hour, with one tab or five (issue 25, item 6). */
const TARGET_WAKES_PER_HOUR = 10

function clockTime(offset: number): string {
  const seconds = Math.floor(offset / 1000)
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
}

function verdict(scenario: Scenario, counts: HourCounts): string {
  if (scenario.outage !== null) return 'n/a (outage hour)'
  const calls = counts.authCalls.length <= TARGET_CALLS_PER_HEALTHY_HOUR
  if (counts.wakes === null) return calls ? 'calls met' : 'calls missed'
  const wakes = counts.wakes <= TARGET_WAKES_PER_HOUR
  return `calls ${calls ? 'met' : 'missed'}, wakes ${wakes ? 'met' : 'missed'}`
}

const figure = (value: number | null) => (value === null ? '-' : String(value))

/** Left-aligns text columns and right-aligns numeric ones. */
function table(header: string[], rows: string[][], numeric: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

async function main(): Promise<void> {
  const header = [
    'scenario',
    'tabs',
    'model',
    'authenticate',
    'failed',
    'events',
    'wakes',
    'starts',
    'verdict',
  ]
  const numeric = [false, true, false, true, true, true, true, true, false]
  const rows: string[][] = []
  const timelines: string[] = []
  for (const scenario of SCENARIOS) {
    for (const tabs of TAB_COUNTS) {
      for (const model of MODELS) {
        const counts = await model.run(tabs, scenario)
        const calls = counts.authCalls.length
        const failed = counts.authCalls.filter((call) => !call.ok).length
        const signOuts = counts.signOuts > 0 ? ` (signed out ${counts.signOuts}x!)` : ''
        rows.push([
          scenario.name,
          String(tabs),
          model.label,
          String(calls),
          String(failed),
          String(counts.eventsFetches),
          figure(counts.wakes),
          figure(counts.workerStarts),
          verdict(scenario, counts) + signOuts,
        ])
        const shown = model.label.startsWith('engine') && !model.label.endsWith('(before)')
        if (shown && scenario.outage !== null && tabs === 1) {
          const times = counts.authCalls.map((c) => clockTime(c.at) + (c.ok ? '' : 'x')).join(' ')
          timelines.push(`  ${model.label}, ${scenario.name}, ${tabs} tab: ${times}`)
        }
      }
    }
  }

  const outage = SCENARIOS.find((s) => s.outage !== null)?.outage
  console.log(
    [
      'Session bench: provider calls in one simulated hour (fake clock; jitter seed ' +
        `${JITTER_SEED}).`,
      `Tab i loads (first hello) at i*${TAB_LOAD_STAGGER_MS / 1000} s; all tabs stay visible; ` +
        `provider answers take ${PROVIDER_LATENCY_MS} ms.`,
      outage
        ? `Outage: every sessions/authenticate answered from ${clockTime(outage.from)} to ` +
          `${clockTime(outage.to)} fails with a network error.`
        : '',
      `Targets: at most ${TARGET_CALLS_PER_HEALTHY_HOUR} provider calls per healthy hour, whatever ` +
        `the number of tabs; at most ${TARGET_WAKES_PER_HOUR} wakes of the host per visible hour.`,
      '',
      table(header, rows, numeric),
      '',
      'authenticate = POST sessions/authenticate calls sent in the hour (the only provider call made);',
      'failed = of those, failed by the outage; events = GET /api/poap-events (cards API, not provider).',
      'baseline (spec model): per tab, the SDK refresh every 180 s (backoff 2000*2^min(n,7) +-175 ms',
      '  until success) plus the product refresh on load and every 10 min; events = product successes.',
      'baseline (SDK-source model): as @stytch/vanilla-js 6.3.0 behaves: also a refresh on load, and',
      "  any session change in any tab (storage event) restarts every tab's 180 s timer.",
      "wakes = events the host handled only to keep its schedule: tabs' heartbeats and its own timer",
      '  (page loads not counted); starts = events that found the worker stopped (the browser stops',
      `  it ${WORKER_IDLE_STOP_MS / 1000} s after its last event), page loads included.`,
      'engine, service worker: one engine for all tabs, with a nextWakeAt timer while it is awake;',
      `  the tabs wake it at the time its status names (one tab, ${PRODUCTION_TIMING.wakeSlackMs / 1000} s after it; again after`,
      `  ${PRODUCTION_TIMING.wakeRetryMs / 1000} s if it names no new time).`,
      '  20 s heartbeats (before): as before issue 25, every visible tab sends one every 20 s.',
      'engine, page hosts: no service worker; an engine in every tab, woken by the tabs as above.',
      '',
      'Engine authenticate times in the outage hour (mm:ss; x = failed):',
      ...timelines,
    ].join('\n'),
  )
}

await main()
