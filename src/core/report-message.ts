/** An error as the report message a worker posts to one tab (it has no error-reporting SDK). */
import {
  PROTOCOL_VERSION,
  reportableContext,
  WORKER_MESSAGE,
  type ReportContext,
  type ReportMessage,
} from './protocol.ts'

/** Longest message and stack a report carries (reports are for people, not data transfer). */
const REPORT_TEXT_LIMITS = { name: 200, message: 2000, stack: 8000 } as const

/** Anything thrown, as text; a value String() cannot convert (`Object.create(null)`) by its kind. */
function thrownText(value: unknown): string {
  try {
    return String(value)
  } catch {
    return Object.prototype.toString.call(value)
  }
}

/** The report message for an error and its context (texts cut to a sensible length). */
export function toReportMessage(error: unknown, context: ReportContext, id: string): ReportMessage {
  const cut = (text: string, limit: number) => (text.length > limit ? text.slice(0, limit) : text)
  const isError = error instanceof Error
  return {
    v: PROTOCOL_VERSION,
    type: WORKER_MESSAGE.report,
    id,
    name: cut(isError ? error.name : 'Error', REPORT_TEXT_LIMITS.name),
    message: cut(isError ? error.message : thrownText(error), REPORT_TEXT_LIMITS.message),
    stack: isError && error.stack ? cut(error.stack, REPORT_TEXT_LIMITS.stack) : null,
    context: reportableContext(context),
  }
}
