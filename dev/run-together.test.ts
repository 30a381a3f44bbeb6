/** Scripts run side by side: every outcome kept, in order, failures and their output included. */
import { mkdtemp, rm } from 'node:fs/promises'
import { getPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BACKGROUND_NICENESS, jobsFrom, runTogether, verdict } from './run-together.ts'

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

  it('shows a live job’s output as it comes, and runs background jobs at a lower priority', async () => {
    const shown: string[] = []
    const outcomes = await runTogether(
      [
        {
          ...node('live', `console.log('first'); setTimeout(() => console.log('second'), 200)`),
          live: true,
        },
        {
          ...node('background', `console.log(require('node:os').getPriority())`),
          background: true,
        },
        node('foreground', `console.log(require('node:os').getPriority())`),
      ],
      (chunk) => shown.push(chunk.toString('utf8')),
    )
    expect(shown.join('')).toBe('first\nsecond\n')
    expect(outcomes.map((outcome) => [outcome.name, outcome.exitCode, outcome.output])).toEqual([
      ['live', 0, ''],
      ['background', 0, `${BACKGROUND_NICENESS}\n`],
      ['foreground', 0, `${getPriority()}\n`],
    ])
  })
})

describe('jobsFrom', () => {
  it('puts the live script first and the others in the background', () => {
    expect(jobsFrom(['lint', '--live', 'test:all', 'typecheck'])).toEqual([
      { name: 'test:all', command: 'npm', args: ['run', '--silent', 'test:all'], live: true },
      { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'], background: true },
      {
        name: 'typecheck',
        command: 'npm',
        args: ['run', '--silent', 'typecheck'],
        background: true,
      },
    ])
  })

  it('runs every script alike without --live', () => {
    expect(
      jobsFrom(['lint', 'typecheck'])?.map((job) => [job.name, job.background, job.live]),
    ).toEqual([
      ['lint', false, undefined],
      ['typecheck', false, undefined],
    ])
  })

  it('refuses no script, and --live without a name', () => {
    expect(jobsFrom([])).toBeNull()
    expect(jobsFrom(['--live'])).toBeNull()
    expect(jobsFrom(['lint', '--live', '--other'])).toBeNull()
  })
})
