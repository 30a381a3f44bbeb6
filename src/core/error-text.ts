/** Turns any error into text a person can read (spec §8's error-to-text helper). */
import { isRecord } from './validation.ts'

/** The text shown when nothing more precise is known. */
export const GENERIC_ERROR_TEXT = 'Something went wrong.'

/** The app's own error that carries an HTTP-like status and a message meant for people. */
export class AppError extends Error {
  override name = 'AppError'
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/**
 * The worker did not answer a sign-in (`handoff`) or sign-out in time. Its message is English, for
 * reports; screens word it by its `step`.
 */
export class SessionTimeoutError extends AppError {
  override name = 'SessionTimeoutError'
  constructor(readonly step: 'handoff' | 'sign-out') {
    super(
      step === 'handoff'
        ? 'Signing in took too long. Check your connection and try again.'
        : 'Signing out took too long.',
      504,
    )
  }
}

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

/**
 * For an HTTP client error, the `message` of its response body; for an AppError, its message;
 * for a provider API error, its `error_message`; otherwise "Something went wrong.".
 */
export function errorToText(error: unknown): string {
  if (error instanceof AppError) return nonEmpty(error.message) ?? GENERIC_ERROR_TEXT
  if (!isRecord(error)) return GENERIC_ERROR_TEXT
  const response = error.response
  if (isRecord(response) && isRecord(response.data)) {
    const message = nonEmpty(response.data.message)
    if (message) return message
  }
  return nonEmpty(error.error_message) ?? GENERIC_ERROR_TEXT
}
