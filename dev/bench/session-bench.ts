/**
 * `npm run bench:session`: provider calls per simulated hour for the session engine beside the baseline,
 * with 1, 5 and 10 tabs, healthy and through a 10-minute provider outage. A script that prints figures,
 * not a test: nothing here asserts, and nothing waits in real time (fake clock, fixed jitter seed).
 */
import { PRODUCTION_TIMING } from '../../src/core/timing.ts'
import { simulateBaseline, type BaselineVariant } from './baseline-model.ts'
import { simulateEngine, type EngineHost } from './engine-sim.ts'
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
const engine = (host: EngineHost, label: string): Model => ({
  label,
  run: (tabs, scenario) => simulateEngine(tabs, host, scenario),
})

const MODELS: Model[] = [
  baseline('spec', 'baseline (spec model)'),
  baseline('sdk-source', 'baseline (SDK-source model)'),
  engine('worker', 'engine, service worker'),
  engine('page', 'engine, page hosts'),
]

function clockTime(offset: number): string {
  const seconds = Math.floor(offset / 1000)
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
}

function verdict(scenario: Scenario, calls: number): string {
  if (scenario.outage !== null) return 'n/a (outage hour)'
  return calls <= TARGET_CALLS_PER_HEALTHY_HOUR ? 'target met' : 'target missed'
}

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
  const header = ['scenario', 'tabs', 'model', 'authenticate', 'failed', 'events', 'verdict']
  const numeric = [false, true, false, true, true, true, false]
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
          verdict(scenario, calls) + signOuts,
        ])
        if (model.label.startsWith('engine') && scenario.outage !== null && tabs === 1) {
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
      `Tab i loads (first hello) at i*${TAB_LOAD_STAGGER_MS / 1000} s, then sends a heartbeat every ` +
        `${PRODUCTION_TIMING.heartbeatIntervalMs / 1000} s (all tabs visible); provider answers take ` +
        `${PROVIDER_LATENCY_MS} ms.`,
      outage
        ? `Outage: every sessions/authenticate answered from ${clockTime(outage.from)} to ` +
          `${clockTime(outage.to)} fails with a network error.`
        : '',
      `Target: at most ${TARGET_CALLS_PER_HEALTHY_HOUR} provider calls per healthy hour, whatever ` +
        'the number of tabs.',
      '',
      table(header, rows, numeric),
      '',
      'authenticate = POST sessions/authenticate calls sent in the hour (the only provider call made);',
      'failed = of those, failed by the outage; events = GET /api/poap-events (cards API, not provider).',
      'baseline (spec model): per tab, the SDK refresh every 180 s (backoff 2000*2^min(n,7) +-175 ms',
      '  until success) plus the product refresh on load and every 10 min; events = product successes.',
      'baseline (SDK-source model): as @stytch/vanilla-js 6.3.0 behaves: also a refresh on load, and',
      "  any session change in any tab (storage event) restarts every tab's 180 s timer.",
      'engine, service worker: one engine for all tabs, waking on messages and its nextWakeAt timer.',
      'engine, page hosts: no service worker; an engine in every tab, waking on messages only.',
      '',
      'Engine authenticate times in the outage hour (mm:ss; x = failed):',
      ...timelines,
    ].join('\n'),
  )
}

await main()
