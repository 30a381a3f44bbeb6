/** The app's catalogs, read as the build reads them: what a message says in a language, for tests. */
import { getConfig } from '@lingui/conf'
import { getCatalogs } from '@lingui/cli/api'

type Entries = Record<string, { message?: string; translation?: string }>

let entries: Promise<Map<string, Entries>> | null = null

async function readAll(): Promise<Map<string, Entries>> {
  const [catalog] = await getCatalogs(getConfig({ cwd: process.cwd() }))
  if (!catalog) throw new Error('lingui.config.ts names no catalog')
  const all = new Map<string, Entries>()
  for (const locale of catalog.locales) all.set(locale, (await catalog.read(locale)) as Entries)
  return all
}

/** `english` as the `locale` catalog says it (a message without placeholders). */
export async function said(locale: string, english: string): Promise<string> {
  if (locale === 'en') return english
  entries ??= readAll()
  const found = Object.values((await entries).get(locale) ?? {}).find(
    (entry) => entry.message === english,
  )
  if (!found?.translation) throw new Error(`The ${locale} catalog has no “${english}”`)
  return found.translation
}
