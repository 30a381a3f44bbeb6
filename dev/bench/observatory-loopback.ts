/**
 * Preloaded into the Observatory's scan (`node --import`): the scanned host name resolves to
 * loopback, where `npm run bench:observatory` serves the site; every other name as usual.
 */
import dns, { type LookupAddress, type LookupOptions } from 'node:dns'

type Callback = (error: Error | null, address: string | LookupAddress[], family?: number) => void

const host = process.env.OBSERVATORY_HOST
const lookup = dns.lookup.bind(dns) as (...args: unknown[]) => void
Object.assign(dns, {
  lookup(hostname: string, options: LookupOptions | Callback, callback?: Callback) {
    if (hostname !== host) {
      lookup(hostname, options, callback)
      return
    }
    const done = typeof options === 'function' ? options : callback
    if (typeof options === 'object' && options.all)
      done?.(null, [{ address: '127.0.0.1', family: 4 }])
    else done?.(null, '127.0.0.1', 4)
  },
})
