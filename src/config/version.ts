/** The app's version, from package.json at build time (Vite keeps only this field of the JSON). */
import { version } from '../../package.json'

/** The released version, e.g. "0.1.0"; shown on the account page. */
export const APP_VERSION: string = version
