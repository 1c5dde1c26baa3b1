import { lazy, Suspense } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom'
import { PageLoading } from '../components/page-loading'
import { GuestOnly, RequireAdmin, RequireAuth } from './guards'
import { RouteError } from './route-error'
import { AppShell } from './shell'

// Route-level code splitting: the first download holds only the shell; each page arrives when visited.
const LoginPage = lazy(() => import('../features/auth/components/login-page'))
const HomePage = lazy(() => import('../features/home/components/home-page'))
const PatientsPage = lazy(() => import('../features/patients/components/patients-page'))
const AppointmentsPage = lazy(() => import('../features/appointments/components/appointments-page'))
const AdminPage = lazy(() => import('../features/admin/components/admin-page'))

/** The route tree (SPEC §2), shared by the browser router and the tests' memory router. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/login',
        element: (
          <GuestOnly>
            <Suspense fallback={<PageLoading />}>
              <LoginPage />
            </Suspense>
          </GuestOnly>
        ),
      },
      {
        path: '/',
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <HomePage /> },
          { path: 'pacientes', element: <PatientsPage /> },
          { path: 'agendamentos', element: <AppointmentsPage /> },
          {
            path: 'admin',
            element: (
              <RequireAdmin>
                <AdminPage />
              </RequireAdmin>
            ),
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}

/** Any data router (browser in the app, memory in the tests). */
export type AppRouter = ReturnType<typeof createBrowserRouter>
