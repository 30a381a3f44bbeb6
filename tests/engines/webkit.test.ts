/** The holder journeys in WebKitGTK (Safari's engine), against the production build and the local stack. */
import { journeys } from './journeys.ts'
import { webkit } from './webkit.ts'

journeys(webkit)
