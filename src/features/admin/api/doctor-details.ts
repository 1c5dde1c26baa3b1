// GET /medico/detalhes and POST /medico/update (ADMIN, docs/product.md §19): the doctors with tratamento,
// CRM and specialty, and the change of those.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { UpdateMedicoRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { medicoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

export const doctorDetailsTexts = {
  saved: 'Dados do médico salvos!',
  failed: 'Não foi possível salvar os dados do médico.',
} as const

export const doctorDetailsQuery = () =>
  queryOptions({
    queryKey: medicoKeys.detalhes(),
    queryFn: ({ signal }) => callApi('listMedicosDetalhes', undefined, { signal }).then((a) => a.medicos),
  })

export const useDoctorDetails = () => useQuery(doctorDetailsQuery())

/** The doctors' lists (and their names with tratamento) are read again after a change. */
export function useUpdateDoctor() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: (body: UpdateMedicoRequest) => callApi('updateMedico', body),
    meta: { success: doctorDetailsTexts.saved, failure: { failure: doctorDetailsTexts.failed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicoKeys.all }),
  })
}
