/** Parses an error-reporting (Sentry) envelope: a header line, then item header / payload pairs. */

/** One item of an envelope: its type and its payload (JSON when it parses, else text). */
export interface EnvelopeItem {
  type: string
  headers: Record<string, unknown>
  payload: unknown
}

/** A parsed envelope. */
export interface Envelope {
  headers: Record<string, unknown>
  items: EnvelopeItem[]
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

/** Reads one line starting at `offset`; returns it and where the next line starts. */
function readLine(body: Buffer, offset: number): { line: string; next: number } {
  const end = body.indexOf(0x0a, offset)
  const stop = end < 0 ? body.length : end
  return { line: body.subarray(offset, stop).toString('utf8'), next: stop + 1 }
}

/** Parses `body`; throws when the envelope header is not a JSON object. */
export function parseEnvelope(body: Buffer): Envelope {
  const first = readLine(body, 0)
  const headers = parseJson(first.line)
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) {
    throw new SyntaxError('the envelope header is not a JSON object')
  }
  const items: EnvelopeItem[] = []
  let offset = first.next
  while (offset < body.length) {
    const itemLine = readLine(body, offset)
    offset = itemLine.next
    if (!itemLine.line.trim()) continue
    const itemHeaders = asObject(parseJson(itemLine.line))
    const length = itemHeaders.length
    let payloadText: string
    // An explicit length may span newlines; otherwise the payload runs to the end of the line.
    if (typeof length === 'number' && length >= 0) {
      payloadText = body.subarray(offset, offset + length).toString('utf8')
      offset += length + 1
    } else {
      const payloadLine = readLine(body, offset)
      payloadText = payloadLine.line
      offset = payloadLine.next
    }
    items.push({
      type: typeof itemHeaders.type === 'string' ? itemHeaders.type : 'unknown',
      headers: itemHeaders,
      payload: parseJson(payloadText),
    })
  }
  return { headers: headers as Record<string, unknown>, items }
}
