/** A tiny JSON-file database: the whole state in memory, written atomically (temp file + rename). */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/** One JSON document on disk, loaded once and saved after every change. */
export class JsonFile<T> {
  private state: T

  /** Loads `path`, or starts from `initial()` when it is missing or unreadable. */
  constructor(
    private readonly path: string,
    initial: () => T,
  ) {
    this.state = JsonFile.read(path) ?? initial()
  }

  private static read<T>(path: string): T | undefined {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      return undefined
    }
    try {
      return JSON.parse(text) as T
    } catch {
      console.warn(`[store] ${path} is not valid JSON; starting empty (run npm run stack:reset).`)
      return undefined
    }
  }

  /** The current state (treat as read-only; change it through `update`). */
  get data(): T {
    return this.state
  }

  /** Applies `change` to the state and saves it; returns what `change` returned. */
  update<R>(change: (state: T) => R): R {
    const result = change(this.state)
    this.save()
    return result
  }

  /** Replaces the whole state and saves it. */
  replace(next: T): void {
    this.state = next
    this.save()
  }

  private save(): void {
    mkdirSync(dirname(this.path), { recursive: true })
    const temp = `${this.path}.${process.pid}.tmp`
    writeFileSync(temp, JSON.stringify(this.state))
    renameSync(temp, this.path)
  }
}
