// The exam catalogue, the convênios and the prices (GET /catalogo): read by the booking dialog and kept by
// the 'Catálogo' page, two features, so the query lives here; kept in the offline cache (docs/product.md §16).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CallAnswer } from '@contract'
import { callApi } from './api-client'
import { catalogoKeys } from './query-keys'

export type Catalogo = CallAnswer<'catalogo'>

export const getCatalogo = (signal?: AbortSignal): Promise<Catalogo> => callApi('catalogo', undefined, { signal })

export const catalogoQueryOptions = () =>
  queryOptions({
    queryKey: catalogoKeys.all,
    queryFn: ({ signal }) => getCatalogo(signal),
    // changed now and then by an administrator
    staleTime: 5 * 60_000,
  })

export const useCatalogo = () => useQuery(catalogoQueryOptions())

/** An exam's price on a convênio, or null when it has none. */
export function priceOf(catalogo: Catalogo, exameId: string, convenioId: string): number | null {
  return catalogo.precos.find((p) => p.exameId === exameId && p.convenioId === convenioId)?.valorIncents ?? null
}
