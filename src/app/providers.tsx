import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { RouterProvider } from 'react-router-dom'
import { ToastContainer } from 'react-toastify'
import 'react-toastify/dist/ReactToastify.css'
import { setUnauthorizedHandler } from '../lib/api-client'
import type { AppRouter } from './router'
import { endSession } from './session-actions'
import { UpdatePrompt } from './update-prompt'

export interface AppProvidersProps {
  router: AppRouter
  queryClient: QueryClient
}

export function AppProviders({ router, queryClient }: AppProvidersProps) {
  useEffect(() => {
    // A 401 from any call: the token expired or was revoked. Ending the session makes the route guard
    // send the user to /login.
    setUnauthorizedHandler(() => {
      void endSession(queryClient).finally(() => router.navigate('/login', { replace: true }))
    })
    return () => setUnauthorizedHandler(() => {})
  }, [queryClient, router])

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* SPEC §9: top-right, 5000 ms. */}
      <ToastContainer position="top-right" autoClose={5000} newestOnTop closeOnClick={false} pauseOnFocusLoss />
      <UpdatePrompt />
    </QueryClientProvider>
  )
}
