import { Component, type ErrorInfo, type ReactNode } from 'react'
import { messages } from '@contract/messages'

/**
 * A page that failed to render or whose code could not be fetched (e.g. offline right after an update):
 * say so in Portuguese and offer a reload instead of a blank screen.
 */
export function RouteError() {
  return (
    <div className="app-main">
      <div className="page">
        <h1>{messages.fetchFailed}</h1>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Recarregar
          </button>
          <a className="button" href="/">
            Página inicial
          </a>
        </div>
      </div>
    </div>
  )
}

interface RouteErrorBoundaryProps {
  /** The current path: moving to another page clears the error (as a data router's errorElement did). */
  pathname: string
  children: ReactNode
}

interface RouteErrorBoundaryState {
  failed: boolean
  pathname: string
}

/**
 * The route tree's error boundary. A plain React boundary rather than the data router's `errorElement`: the app
 * runs react-router's declarative mode, which is lighter
 * (bench/journal/2026-11-22-first-day.md, "Second round (afternoon)").
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: false, pathname: this.props.pathname }

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack)
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children
  }
}
