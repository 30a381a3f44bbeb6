/** The stack's data folder: which files are ours, and emptying them. */
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { CARDS_FILE } from './cards/cards-server.ts'
import { KEY_FILE } from './provider/signing-key.ts'
import { PROVIDER_FILE } from './provider/state.ts'
import { SINK_FILE } from './sink/sink-server.ts'

/** Deletes the stack's own files in `dataDir` (and the folder when nothing else is left in it). */
export function resetStackData(dataDir: string): string[] {
  const removed: string[] = []
  if (!existsSync(dataDir)) return removed
  for (const name of readdirSync(dataDir)) {
    // Only our files (and our leftover temp files): the folder may be shared with something else.
    const ours = [PROVIDER_FILE, CARDS_FILE, SINK_FILE, KEY_FILE].some(
      (file) => name === file || (name.startsWith(`${file}.`) && name.endsWith('.tmp')),
    )
    if (!ours) continue
    rmSync(join(dataDir, name), { force: true })
    removed.push(name)
  }
  if (readdirSync(dataDir).length === 0) rmdirSync(dataDir)
  return removed
}
