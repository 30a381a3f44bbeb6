/** Scripts run side by side: every outcome kept, in order, failures and their output included. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runTogether, verdict } from './run-together.ts'

const node = (name: string, code: string) => ({
  name,
  command: process.execPath,
  args: ['-e', code],
})

describe('runTogether', () => {
  it('runs the jobs at once and keeps each one’s output, exit code and order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'run-together-'))
    const marker = JSON.stringify(join(dir, 'marker'))
    try {
      // The first waits (up to 10 s) for a file only the second writes: one after the other, the
      // first would give up; side by side, it sees the file.
      const outcomes = await runTogether([
        node(
          'waiting',
          `const fs = require('node:fs'); const end = Date.now() + 10000;
           const look = () => fs.existsSync(${marker}) ? console.log('saw it')
             : Date.now() > end ? process.exit(4) : setTimeout(look, 20); look()`,
        ),
        node(
          'failing',
          `require('node:fs').writeFileSync(${marker}, ''); console.error('failing err'); process.exit(3)`,
        ),
      ])
      expect(outcomes.map((outcome) => [outcome.name, outcome.exitCode])).toEqual([
        ['waiting', 0],
        ['failing', 3],
      ])
      expect(outcomes[0]?.output).toBe('saw it\n')
      expect(outcomes[1]?.output).toBe('failing err\n')
      expect(verdict(outcomes[1]!)).toMatch(/^failing: failed \(exit 3\) in \d+\.\d s$/)
      expect(verdict(outcomes[0]!)).toMatch(/^waiting: passed in /)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('reports a command that cannot start as failed, with the reason', async () => {
    const [outcome] = await runTogether([
      { name: 'missing', command: '/nonexistent/command', args: [] },
    ])
    expect(outcome?.exitCode).not.toBe(0)
    expect(outcome?.output).toContain('ENOENT')
  })
})
