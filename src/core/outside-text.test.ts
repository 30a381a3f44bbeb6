/** Outside text: hostile names lose every bidi and control character, and nothing else. */
import { describe, expect, it } from 'vitest'
import { plainText } from './outside-text.ts'

describe('plainText', () => {
  it('takes out the override that shows a name reversed', () => {
    expect(plainText('\u202Egnp.exe')).toBe('gnp.exe')
    expect(plainText('Party \u202Dat\u202C night')).toBe('Party at night')
  })

  it('takes out embeddings, isolates and direction marks, in any mixture', () => {
    const hostile = '\u2067\u202Bمرحبا\u2069 \u2066ETH\u2068Denver\u2069\u200F\u200E\u061C\u202A'
    expect(plainText(hostile)).toBe('مرحبا ETHDenver')
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      expect(plainText(`a${String.fromCharCode(code)}b`)).toBe('ab')
    }
  })

  it('takes out NUL, ESC, DEL and the C1 controls', () => {
    expect(plainText('ETH\u0000Denver')).toBe('ETHDenver')
    expect(plainText('\u001B[31mred\u001B[0m')).toBe('[31mred[0m')
    expect(plainText('a\u007Fb\u0080c\u009Bd\u0007e')).toBe('abcde')
  })

  it('keeps a description’s lines, one kind of break, and a name on one line', () => {
    expect(plainText('One\r\nTwo\rThree\u2028Four\u0085Five', { multiline: true })).toBe(
      'One\nTwo\nThree\nFour\nFive',
    )
    expect(plainText('One\nTwo\tThree')).toBe('One Two Three')
  })

  it('leaves right-to-left text, emoji sequences and accents as they are', () => {
    for (const text of ['שלום עולם', 'مؤتمر 2024', '👩‍💻 Dev Day', 'Zürich café', 'ᄀ한국']) {
      expect(plainText(text)).toBe(text)
    }
  })
})
