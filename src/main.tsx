/** Page entry: store, router and the first render; everything else loads after first paint. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { appStore } from './store/use-app-store.ts'
import { createAppRouter } from './router.tsx'
import { captureInstallPrompt } from './lib/install-prompt.ts'
import './styles.css'

captureInstallPrompt()

// No session host yet (issue 4): every visitor is anonymous.
appStore.getState().signedOut()

const router = createAppRouter({ store: appStore })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
