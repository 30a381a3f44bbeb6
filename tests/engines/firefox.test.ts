/** The holder journeys in Firefox ESR, against the production build and the local stack. */
import { firefox } from './firefox.ts'
import { journeys } from './journeys.ts'

journeys(firefox)
