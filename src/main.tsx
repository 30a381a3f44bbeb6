/** Page entry: store, router and the first render; everything else loads after first paint. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { createAppStore } from './store/app-store.ts'
import { AppStoreProvider } from './store/use-app-store.tsx'
import { createAppRouter } from './router.tsx'
import { captureInstallPrompt } from './lib/install-prompt.ts'
import './styles.css'

captureInstallPrompt()

const store = createAppStore()
// No session host yet (issue 4): every visitor is anonymous.
store.getState().signedOut()

const router = createAppRouter({ store })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <AppStoreProvider store={store}>
      <RouterProvider router={router} />
    </AppStoreProvider>
  </StrictMode>,
)
