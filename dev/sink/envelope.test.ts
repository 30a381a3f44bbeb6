/** Unit tests for the envelope parser. */
import { describe, expect, it } from 'vitest'
import { parseEnvelope } from './envelope.ts'

describe('parseEnvelope', () => {
  it('reads header, items by line and items by length', () => {
    const body = Buffer.from(
      '{"event_id":"e1"}\n{"type":"event"}\n{"a":1}\n{"type":"attachment","length":3}\na\nb\n{"type":"x"}\nplain text',
    )
    expect(parseEnvelope(body)).toEqual({
      headers: { event_id: 'e1' },
      items: [
        { type: 'event', headers: { type: 'event' }, payload: { a: 1 } },
        { type: 'attachment', headers: { type: 'attachment', length: 3 }, payload: 'a\nb' },
        { type: 'x', headers: { type: 'x' }, payload: 'plain text' },
      ],
    })
  })

  it('refuses a body whose first line is not a JSON object', () => {
    expect(() => parseEnvelope(Buffer.from('[1]\n'))).toThrow(SyntaxError)
    expect(() => parseEnvelope(Buffer.from(''))).toThrow(SyntaxError)
  })
})
