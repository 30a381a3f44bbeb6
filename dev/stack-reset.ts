/** `npm run stack:reset`: empties the stack's data folder (users, sessions, codes, reports, signing key). */
import { resolve } from 'node:path'
import { resetStackData } from './stack-data.ts'
import { DEFAULT_STACK_OPTIONS, optionsFromEnv } from './stack-options.ts'

const dataDir = resolve(optionsFromEnv().dataDir ?? DEFAULT_STACK_OPTIONS.dataDir)
const removed = resetStackData(dataDir)
console.log(
  removed.length
    ? `Emptied ${dataDir} (${removed.join(', ')}). Restart the stack if it is running.`
    : `Nothing to reset in ${dataDir}.`,
)
