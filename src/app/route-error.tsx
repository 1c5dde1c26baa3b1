import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { messages } from '../contract'

/**
 * A page that failed to render or whose code could not be fetched (e.g. offline right after an update):
 * say so in Portuguese and offer a reload instead of React Router's English default screen.
 */
export function RouteError() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <div className="app-main">
      <div className="page">
        <h1>{notFound ? 'Página não encontrada' : messages.fetchFailed}</h1>
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
