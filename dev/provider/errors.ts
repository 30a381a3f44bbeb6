/** Errors in the provider's exact shapes: API errors and "Request does not match expected schema". */
import { json, type Reply } from '../http/types.ts'
import { requestId } from './ids.ts'

/** One schema problem, worded like the provider's JSON-schema validator (ajv). */
export interface SchemaProblem {
  keyword: string
  dataPath: string
  schemaPath: string
  message: string
}

/** A failure a handler throws; the route wrapper turns it into the provider's error body. */
export class ProviderError extends Error {
  /** Builds an error with the HTTP status, the provider's `error_type`, a message and (rarely) its own URL. */
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
    readonly errorUrl?: string,
  ) {
    super(message)
  }
}

/** A request that does not match the endpoint's schema (missing or mistyped fields). */
export class SchemaError extends Error {
  /** Builds the error from the list of problems. */
  constructor(readonly problems: SchemaProblem[]) {
    super('Request does not match expected schema')
  }
}

/**
 * The provider's API error body: `{status_code, request_id, error_type, error_message, error_url}`;
 * `error_url` points at the error's documentation unless the error names its own page.
 */
export function apiError(status: number, errorType: string, message: string, url?: string): Reply {
  return json(status, {
    status_code: status,
    request_id: requestId(),
    error_type: errorType,
    error_message: message,
    error_url: url ?? `https://stytch.com/docs/api/errors/${status}#${errorType}`,
  })
}

/** The schema error body: the usual fields plus `body` (which makes the SDK raise StytchAPISchemaError). */
export function schemaError(problems: SchemaProblem[]): Reply {
  return json(400, {
    status_code: 400,
    request_id: requestId(),
    error_type: 'bad_request',
    error_message: 'Request does not match expected schema',
    error_url: 'https://stytch.com/docs/api/errors/400',
    body: problems,
  })
}
