/** The IYK Cards mark (dev/assets/icon.svg without its tile), inline so it needs no request. */

/** Decorative: the wordmark next to it carries the name. */
export function BrandMark({ size = 30 }: { size?: number }) {
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox="40 100 432 312"
      aria-hidden="true"
      focusable="false"
    >
      <g transform="rotate(-8 256 256)">
        <rect x="56" y="120" width="400" height="272" rx="52" fill="var(--accent)" />
        <circle cx="190" cy="256" r="28" fill="var(--accent-text)" />
        <g fill="none" stroke="var(--accent-text)" strokeWidth="40" strokeLinecap="round">
          <path d="M 257.3 193.3 A 92 92 0 0 1 257.3 318.7" />
          <path d="M 312.9 141.4 A 168 168 0 0 1 312.9 370.6" />
        </g>
      </g>
    </svg>
  )
}
