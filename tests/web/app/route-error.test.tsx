import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@contract'
import { RouteErrorBoundary } from '@/app/route-error'

function Broken(): never {
  throw new Error('chunk failed to load')
}

afterEach(() => vi.restoreAllMocks())

describe('RouteErrorBoundary (the route tree in the declarative router)', () => {
  it("shows the Portuguese error page with 'Recarregar' instead of a blank screen", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <RouteErrorBoundary pathname="/pacientes">
        <Broken />
      </RouteErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: messages.fetchFailed })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Página inicial' })).toHaveAttribute('href', '/')
  })

  it('clears the error when the user moves to another page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { rerender } = render(
      <RouteErrorBoundary pathname="/pacientes">
        <Broken />
      </RouteErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: messages.fetchFailed })).toBeInTheDocument()
    rerender(
      <RouteErrorBoundary pathname="/">
        <p>home</p>
      </RouteErrorBoundary>,
    )
    expect(screen.getByText('home')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: messages.fetchFailed })).not.toBeInTheDocument()
  })
})
