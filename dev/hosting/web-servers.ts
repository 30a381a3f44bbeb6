/**
 * The real web servers a deployer runs, started on a built site with the configurations the build
 * wrote for it: Caddy (HTTPS with its local authority, HTTP redirected) and nginx (HTTPS with a
 * certificate made here), each on loopback ports of the caller's choosing.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:https'
import type { LookupFunction } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { HOSTING_FILES, hostingDir } from '../../build/hosting/plugin.ts'

/** A running server: its HTTPS URL, the certificate authority to trust for it, and its stop. */
export interface WebServer {
  url: string
  /** The root certificate (PEM) that signed the server's certificate. */
  ca: string
  /** Where its log goes (said when it fails to start). */
  log: () => string
  close(): Promise<void>
}

/**
 * Resolves once `condition` holds, asking every 100 ms; rejects naming `what` after `ms`. One ask
 * that hangs past the deadline fails it too.
 */
async function waitFor(what: string, condition: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms
  const late = () => new Error(`Waited ${ms / 1000} s for ${what}`)
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined
    const expiry = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(late()), Math.max(0, deadline - Date.now()))
    })
    const held = await Promise.race([condition(), expiry]).finally(() => clearTimeout(timer))
    if (held) return
    if (Date.now() >= deadline) throw late()
    await new Promise((done) => setTimeout(done, 100))
  }
}

/** How long a server may take to answer its first request (Caddy makes its authority first). */
const START_MS = 30_000

/** Starts `command` and collects its output. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return { child, output: () => output }
}

/** Stops a child and waits for it to go. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise((done) => child.once('exit', done))
  child.kill('SIGTERM')
  await gone
}

/** A `lookup` that finds every name on loopback. */
const loopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }])
  else callback(null, '127.0.0.1', 4)
}

/** Resolves once `url` answers over TLS signed by `ca` (any status), or fails naming the server. */
async function answering(
  name: string,
  url: string,
  ca: () => Promise<string>,
  { child, log }: { child: ChildProcess; log: () => string },
) {
  await waitFor(
    `${name} to answer ${url}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`)
      const authority = await ca().catch(() => null)
      if (!authority) return false
      return new Promise<boolean>((done) => {
        // Over loopback whatever the name resolves to (a name with a dot may resolve nowhere).
        const { hostname } = new URL(url)
        const options = { ca: authority, method: 'HEAD', servername: hostname, lookup: loopback }
        const req = request(url, options, (res) => {
          res.resume()
          done(true)
        })
        req.on('error', () => done(false))
        req.end()
      })
    },
    START_MS,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}. Its log:\n${log().slice(-2000)}`)
  })
}

/** Where Caddy's local authority keeps its root certificate, under its data directory. */
export const caddyRootCertificate = (dataDir: string) =>
  join(dataDir, 'caddy/pki/authorities/local/root.crt')

/**
 * Caddy serving `siteDir` with the build's Caddyfile, on `host` (`localhost` by default): HTTPS
 * on `httpsPort`, the redirect on `httpPort`. Its data (the local authority) lives in `dataDir`,
 * kept, or in a directory of its own, removed when it stops.
 */
export async function startCaddy(
  siteDir: string,
  {
    httpsPort,
    httpPort,
    host = 'localhost',
    dataDir,
  }: { httpsPort: number; httpPort: number; host?: string; dataDir?: string },
): Promise<WebServer> {
  const data = dataDir ? resolve(dataDir) : await mkdtemp(join(tmpdir(), 'iyk-caddy-'))
  const caddyfile = join(hostingDir(siteDir), HOSTING_FILES.caddyfile)
  const { child, output } = run('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    ...process.env,
    XDG_DATA_HOME: data,
    XDG_CONFIG_HOME: data,
    SITE_ROOT: resolve(siteDir),
    SERVE_HOST: host,
    HTTPS_PORT: String(httpsPort),
    HTTP_PORT: String(httpPort),
    CADDY_ADMIN: 'off',
  })
  const caFile = caddyRootCertificate(data)
  const url = `https://${host}${httpsPort === 443 ? '' : `:${httpsPort}`}`
  const close = async () => {
    await stop(child)
    if (!dataDir) await rm(data, { recursive: true, force: true })
  }
  try {
    await answering('Caddy', url, () => readFile(caFile, 'utf8'), { child, log: output })
  } catch (error) {
    await close()
    throw error
  }
  return { url, ca: await readFile(caFile, 'utf8'), log: output, close }
}

const execFileAsync = promisify(execFile)

/**
 * nginx serving `siteDir` with the build's configuration included in a server block of the kind
 * a deployer writes (HTTPS and HTTP/2 on `httpsPort`, a certificate for `localhost`).
 */
export async function startNginx(
  siteDir: string,
  { httpsPort }: { httpsPort: number },
): Promise<WebServer> {
  const dir = await mkdtemp(join(tmpdir(), 'iyk-nginx-'))
  await execFileAsync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ])
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`
  await writeFile(
    join(dir, 'nginx.conf'),
    `daemon off;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
events {}
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  server {
    listen 127.0.0.1:${httpsPort} ssl http2;
    server_name localhost;
    ssl_certificate ${join(dir, 'cert.pem')};
    ssl_certificate_key ${join(dir, 'key.pem')};
    root ${resolve(siteDir)};
    include ${join(hostingDir(siteDir), HOSTING_FILES.nginx)};
  }
}
`,
  )
  const { child, output } = run('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], process.env)
  const url = `https://localhost:${httpsPort}`
  const close = async () => {
    await stop(child)
    await rm(dir, { recursive: true, force: true })
  }
  const ca = await readFile(join(dir, 'cert.pem'), 'utf8')
  try {
    await answering('nginx', url, () => Promise.resolve(ca), { child, log: output })
  } catch (error) {
    await close()
    throw error
  }
  return { url, ca, log: output, close }
}
