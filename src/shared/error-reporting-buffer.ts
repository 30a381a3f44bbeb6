/** An error reporter that buffers what happens before its SDK is loaded, then hands it over. */
import type { ReportContext } from '../core/protocol.ts'

/** How many early errors are kept until the SDK is ready; later ones are dropped (and counted). */
export const MAX_BUFFERED_REPORTS = 20

/** An error as it can be kept across a page load: its name, message and stack, as text. */
export interface CarriedReport {
  name: string
  message: string
  stack?: string | undefined
  context: ReportContext
}

/**
 * Where reports still waiting for the SDK are kept when the page goes away before it loads
 * (sign-in leaves with a full page load): the next page of the tab sends them.
 */
export interface ReportCarrier {
  save(reports: CarriedReport[]): void
  /** The kept reports, forgotten as they are read. */
  take(): CarriedReport[]
}

/** An error as text that survives a page load. */
function carried(error: unknown, context: ReportContext): CarriedReport {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack, context }
  }
  return { name: 'Error', message: String(error), context }
}

/** A carried report as an Error again, so it is sent with its name, message and stack. */
function revived(report: CarriedReport): { error: Error; context: ReportContext } {
  const error = new Error(report.message)
  error.name = report.name
  if (report.stack) error.stack = report.stack
  return { error, context: report.context }
}

/** What this module needs from the loaded SDK. */
export interface LoadedReporter {
  capture(error: unknown, context: ReportContext): void
}

/** How reporting is set up; the app passes the real ones, tests pass fakes. */
export interface ErrorReportingOptions {
  /** Empty: reporting is off and nothing is loaded. */
  dsn: string
  /** Loads and initialises the SDK. */
  load: () => Promise<LoadedReporter>
  /** Where uncaught errors and unhandled rejections are heard until the SDK takes over. */
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>
  /** Keeps what is still buffered when the page goes away (`pagehide` on `target`). */
  carrier?: ReportCarrier
  /** Called once, when the first report waits for the SDK (the app then loads it sooner). */
  onFirstReport?: () => void
}

/** Reports an error with its context (never a credential); buffered until the SDK is ready. */
export type ReportError = (error: unknown, context?: ReportContext) => void

/** One error reporter: `reportError` at once, `start` when the page has rendered. */
export interface ErrorReporting {
  reportError: ReportError
  /** Loads the SDK and sends what was buffered; resolves once done (or given up). */
  start(): Promise<void>
  /** Errors dropped because the buffer was full. */
  readonly dropped: number
}

/** Builds a reporter: listens for uncaught errors at once, loads the SDK on `start`. */
export function createErrorReporting(options: ErrorReportingOptions): ErrorReporting {
  const { dsn, load, target, carrier, onFirstReport } = options
  const buffer: { error: unknown; context: ReportContext }[] = []
  let announced = false
  const announce = () => {
    if (announced || buffer.length === 0) return
    announced = true
    onFirstReport?.()
  }
  let sdk: LoadedReporter | null = null
  let stopped = dsn === ''
  let dropped = 0
  let started: Promise<void> | null = null

  const reportError: ReportError = (error, context = {}) => {
    if (sdk) return sdk.capture(error, context)
    if (stopped) return
    // The first errors are kept: later ones are usually their consequences.
    if (buffer.length >= MAX_BUFFERED_REPORTS) dropped++
    else buffer.push({ error, context })
    announce()
  }

  const onError = (event: ErrorEvent) => {
    reportError(event.error ?? event.message, { mechanism: 'onerror' })
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    reportError(event.reason, { mechanism: 'onunhandledrejection' })
  }
  // The page is going away with reports the SDK never got: the tab's next page sends them.
  const onPageHide = () => {
    if (sdk || stopped || buffer.length === 0) return
    carrier?.save(buffer.splice(0).map(({ error, context }) => carried(error, context)))
  }
  const stopListening = () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
    target.removeEventListener('pagehide', onPageHide)
  }
  if (!stopped) {
    for (const report of carrier?.take() ?? []) buffer.push(revived(report))
    target.addEventListener('error', onError)
    target.addEventListener('unhandledrejection', onRejection)
    target.addEventListener('pagehide', onPageHide)
    announce()
  }

  async function loadAndFlush(): Promise<void> {
    try {
      const loaded = await load()
      // The SDK now hears uncaught errors itself; ours would report them twice.
      stopListening()
      for (const { error, context } of buffer.splice(0)) loaded.capture(error, context)
      sdk = loaded
    } catch (error) {
      // Offline or a new deploy: the app goes on without reporting rather than buffering forever.
      stopListening()
      stopped = true
      buffer.length = 0
      console.warn('Error reporting unavailable', error)
    }
  }

  return {
    reportError,
    start() {
      if (dsn === '') return Promise.resolve()
      started ??= loadAndFlush()
      return started
    },
    get dropped() {
      return dropped
    },
  }
}
