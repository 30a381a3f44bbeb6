/**
 * The few pure web-platform classes core may use: they exist in every host (window, worker, Node)
 * and have no side effects. Core's tsconfig has no DOM lib, so they are declared here, narrowly.
 */
declare class URL {
  constructor(url: string, base?: string)
  readonly origin: string
  readonly protocol: string
  readonly username: string
  readonly password: string
  readonly pathname: string
  readonly search: string
  readonly hash: string
  readonly href: string
  readonly searchParams: URLSearchParams
}

declare class URLSearchParams {
  constructor(init?: string | Record<string, string>)
  get(name: string): string | null
  has(name: string): boolean
  toString(): string
}
