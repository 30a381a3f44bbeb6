/** The anonymous home page: what the app is, what a card does, sign in and install. */
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'

const steps = [
  { title: 'Tap your card', text: 'Hold your card to your phone. It opens this app, no typing.' },
  { title: 'Collect the moment', text: 'Each tap at an event adds its collectible to your list.' },
  { title: 'Keep it with you', text: 'Your events stay on this device, even with no signal.' },
]

/** The landing page; `install` is the install action when the browser offers one. */
export function LandingPage({ install }: { install?: ReactNode }) {
  return (
    <section className="page landing" aria-labelledby="landing-title">
      <div className="hero">
        <h1 id="landing-title" className="hero__title">
          Your events, one tap away
        </h1>
        <p className="lede">
          Your card holds the events you have been to. Sign in to see your collectibles, and tap
          your card at the next one.
        </p>
        <div className="actions">
          <Link to="/auth/email" className="button button--primary">
            Sign in
          </Link>
          {install}
        </div>
      </div>
      <ol className="steps" aria-label="How your card works">
        {steps.map((step, index) => (
          <li key={step.title} className="card step">
            <span className="step__number" aria-hidden="true">
              {index + 1}
            </span>
            <h2 className="step__title">{step.title}</h2>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
