import { useQuery } from '@tanstack/react-query'
import { meQueryOptions } from '@/lib/linked-doctor'

/** The signed-in user with the doctor they are linked to (null: front desk): 'Minha agenda' needs it. */
export function useMe() {
  return useQuery(meQueryOptions)
}
