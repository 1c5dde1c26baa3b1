import { Suspense, useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import {
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useRoutes,
  type createMemoryRouter,
  type RouteObject,
} from 'react-router-dom'
import { PageLoading } from '@/components/page-loading'
import { setUnauthorizedHandler } from '@/lib/api-client'
import { GuestOnly, RequireAdmin, RequireAuth } from './guards'
import { lazyPage } from './lazy-page'
import { RouteErrorBoundary } from './route-error'
import { endSession } from './session-actions'
import { AppShell } from './shell'

// Route-level code splitting: the first download holds only the shell; each page arrives when visited
// (or, for the page the app opens on, while the offline cache is restored: preloadPage below).
const LoginPage = lazyPage(() => import('@/features/auth/components/login-page'))
const HomePage = lazyPage(() => import('@/features/home/components/home-page'))
const MyAgendaPage = lazyPage(() => import('@/features/home/components/my-agenda-page'))
const PatientsPage = lazyPage(() => import('@/features/patients/components/patients-page'))
const AppointmentsPage = lazyPage(() => import('@/features/appointments/components/appointments-page'))
const AdminPage = lazyPage(() => import('@/features/admin/components/admin-page'))
const ReportsPage = lazyPage(() => import('@/features/reports/components/reports-page'))
const ConfirmationsPage = lazyPage(() => import('@/features/confirmations/components/confirmations-page'))
const CataloguePage = lazyPage(() => import('@/features/catalogue/components/catalogue-page'))
const AgendaPage = lazyPage(() => import('@/features/appointments/components/agenda-page'))
const EquipmentPage = lazyPage(() => import('@/features/equipment/components/equipment-page'))
const ConveniosTissPage = lazyPage(() => import('@/features/billing/components/convenios-tiss-page'))
// issue 37 points 4–5: 'Faturamento'
const FaturamentoPage = lazyPage(() => import('@/features/billing/components/faturamento-page'))
// issue 36: the laudo's worklist and editor
const LaudoWorklistPage = lazyPage(() => import('@/features/laudos/components/laudo-worklist-page'))
const LaudoEditorPage = lazyPage(() => import('@/features/laudos/components/laudo-editor-page'))
// issue 38: the waiting room's TV panels (ADMIN's page) and the TV's own page, outside the signed-in shell
const PanelsPage = lazyPage(() => import('@/features/panels/components/panels-page'))
const PanelPage = lazyPage(() => import('@/features/panels/components/panel-page'))
// issue 36 point 2: the laudo's templates and stock phrases
const TemplatePage = lazyPage(() => import('@/features/laudos/components/template-page'))
const PhrasesPage = lazyPage(() => import('@/features/laudos/components/phrases-page'))
// The laudo's release (issue 36): the doctor's certificate, and the public 'Verificar laudo'
const CertificatePage = lazyPage(() => import('@/features/laudos/components/certificate-page'))
const VerifyLaudoPage = lazyPage(() => import('@/features/laudos/components/release-verify-page'))
// issue 36 point 7: the laudos handed over at the desk
const DeliveriesPage = lazyPage(() => import('@/features/laudos/components/deliveries-page'))

const pagesByPath: Record<string, { preload(): Promise<void> }> = {
  '/login': LoginPage,
  '/': HomePage,
  '/minha-agenda': MyAgendaPage,
  '/pacientes': PatientsPage,
  '/agendamentos': AppointmentsPage,
  '/admin': AdminPage,
  '/relatorios': ReportsPage,
  '/confirmacoes': ConfirmationsPage,
  '/admin/catalogo': CataloguePage,
  '/agenda': AgendaPage,
  '/admin/equipamentos': EquipmentPage,
  '/laudos': LaudoWorklistPage,
  '/admin/paineis': PanelsPage,
  '/laudos/modelos': TemplatePage,
  '/laudos/frases': PhrasesPage,
  '/conta/certificado': CertificatePage,
  '/verificar': VerifyLaudoPage,
  '/laudos/entregas': DeliveriesPage,
}

/**
 * Loads the code of the page at `pathname` (the one the app opens on), so that the first render shows
 * it rather than 'Carregando…'. `signedIn` picks where the guards will send an unknown or guarded path.
 * Never rejects: a failed download shows on the page itself (the route's error boundary).
 */
export function preloadPage(pathname: string, signedIn: boolean): Promise<void> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const page = signedIn ? (path === '/login' ? HomePage : (pagesByPath[path] ?? HomePage)) : LoginPage
  return page.preload().catch(() => {})
}

/**
 * The root of the route tree: the error boundary, and what a 401 from any call does. It lives inside
 * the tree (not in AppProviders) so that it navigates with whichever router renders the routes.
 */
function AppRoot() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  // declarative mode gives a new navigate on every location change: register the handler once
  const navigateRef = useRef(navigate)
  useEffect(() => {
    navigateRef.current = navigate
  }, [navigate])
  useEffect(() => {
    // A 401 from any call: the token expired or was revoked. Ending the session makes the route guard
    // send the user to /login.
    setUnauthorizedHandler(() => {
      void endSession(queryClient).finally(() => navigateRef.current('/login', { replace: true }))
    })
    return () => setUnauthorizedHandler(() => {})
  }, [queryClient])
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  )
}

/** The route tree (docs/product.md §2), shared by the browser's declarative router and the tests' memory router. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
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
          { path: 'minha-agenda', element: <MyAgendaPage /> },
          { path: 'pacientes', element: <PatientsPage /> },
          { path: 'agendamentos', element: <AppointmentsPage /> },
          { path: 'relatorios', element: <ReportsPage /> },
          { path: 'confirmacoes', element: <ConfirmationsPage /> },
          { path: 'agenda', element: <AgendaPage /> },
          {
            path: 'admin',
            element: (
              <RequireAdmin>
                <AdminPage />
              </RequireAdmin>
            ),
          },
          {
            path: 'admin/catalogo',
            element: (
              <RequireAdmin>
                <CataloguePage />
              </RequireAdmin>
            ),
          },
          {
            path: 'admin/equipamentos',
            element: (
              <RequireAdmin>
                <EquipmentPage />
              </RequireAdmin>
            ),
          },
          // issue 37 point 1: the convênios' TISS codes
          {
            path: 'admin/tiss',
            element: (
              <RequireAdmin>
                <ConveniosTissPage />
              </RequireAdmin>
            ),
          },
          // issue 36: the server refuses users who are neither linked to a doctor nor ADMIN
          { path: 'laudos', element: <LaudoWorklistPage /> },
          { path: 'laudos/:id', element: <LaudoEditorPage /> },
          {
            path: 'admin/paineis',
            element: (
              <RequireAdmin>
                <PanelsPage />
              </RequireAdmin>
            ),
          },
          // issue 36 point 2: any signed-in user reads them; the server lets ADMIN and doctors save
          { path: 'laudos/modelos', element: <TemplatePage /> },
          { path: 'laudos/frases', element: <PhrasesPage /> },
          { path: 'conta/certificado', element: <CertificatePage /> },
          // issue 36 point 7: any signed-in user (the front desk hands laudos over)
          { path: 'laudos/entregas', element: <DeliveriesPage /> },
          // issue 37 points 4–5: 'Faturamento', ADMIN only
          {
            path: 'admin/faturamento',
            element: (
              <RequireAdmin>
                <FaturamentoPage />
              </RequireAdmin>
            ),
          },
        ],
      },
      {
        // 'Verificar laudo' (issue 36 point 8): public, signed in or not
        path: '/verificar',
        element: (
          <Suspense fallback={<PageLoading />}>
            <VerifyLaudoPage />
          </Suspense>
        ),
      },
      { path: '*', element: <Navigate to="/" replace /> },
      // issue 38: the TV is paired, not signed in (docs/decisions.md, "The waiting room's panel")
      {
        path: '/painel',
        element: (
          <Suspense fallback={<PageLoading />}>
            <PanelPage />
          </Suspense>
        ),
      },
    ],
  },
]

/** The routes for a declarative `<BrowserRouter>` (the app). */
export function AppRoutes() {
  return useRoutes(routes)
}

/** A data router over `routes` (the tests' memory router): rendered by AppProviders when given. */
export type AppRouter = ReturnType<typeof createMemoryRouter>
