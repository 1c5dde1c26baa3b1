// Renders the whole PWA as a user meets it: the real providers and route tree at `path`, over the msw
// handlers of src/mocks (started by tests/support/web-setup.ts), optionally already signed in.
import { render, type RenderResult } from '@testing-library/react'
import userEvent, { type Options as UserEventOptions } from '@testing-library/user-event'
import { createMemoryRouter } from 'react-router-dom'
import { AppProviders } from '@/app/providers'
import { routes, type AppRouter } from '@/app/router'
import { createQueryClient } from '@/lib/query-client'
import { clearSession } from '@/lib/session'
import { signInAs } from './msw-server'

export interface RenderAppOptions {
  /**
   * Who is signed in: a seed user of the mock ('admin' = Ana Administradora, 'staff' = Rita Recepcionista,
   * 'doctor' = Carlos Mendes, linked to the doctor of that name), or nobody.
   */
  as?: 'admin' | 'staff' | 'doctor' | null
  /** Passed to userEvent.setup(), e.g. `{ advanceTimers: vi.advanceTimersByTime }` under fake timers. */
  userEventOptions?: UserEventOptions
}

export type RenderAppResult = RenderResult & {
  user: ReturnType<typeof userEvent.setup>
  router: AppRouter
  queryClient: ReturnType<typeof createQueryClient>
}

export function renderApp(path: string, options: RenderAppOptions = {}): RenderAppResult {
  const { as = null, userEventOptions } = options
  if (as) signInAs(as)
  else clearSession()

  const queryClient = createQueryClient()
  // Tests see a failure at once instead of waiting for retries.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  const router = createMemoryRouter(routes, { initialEntries: [path] }) as unknown as AppRouter
  const user = userEvent.setup(userEventOptions)
  const result = render(<AppProviders router={router} queryClient={queryClient} />)
  return { ...result, user, router, queryClient }
}

/**
 * axe-core over a rendered tree; returns the serious and critical violations (an empty list passes).
 * color-contrast is off: jsdom computes no styles, so axe cannot judge it there.
 */
export async function seriousAxeViolations(container: Element) {
  const { default: axe } = await import('axe-core')
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => node.html) }))
}
