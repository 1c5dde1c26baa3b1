// The day board's laudo states and the clinic's late count (POST /laudo/dia, issue 36 point 3): read beside
// the day's list and kept in the offline cache with every ['laudos', …] query.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { laudoKeys } from '@/lib/query-keys'

/**
 * The live channel announces every laudo's change of state (./day-version.ts); while it is down, a laudo
 * released or delivered elsewhere still reaches the front desk within a minute.
 */
const REFRESH_MS = 60_000

export const dayLaudosQueryOptions = (day: string) =>
  queryOptions({
    queryKey: laudoKeys.day(day),
    queryFn: ({ signal }) => callApi('laudosDoDia', { dia: day }, { signal }),
    refetchInterval: REFRESH_MS,
  })

export const useDayLaudos = (day: string) => useQuery(dayLaudosQueryOptions(day))
