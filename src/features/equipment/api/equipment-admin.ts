import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { clinicToday, messages, type RegisterEquipamentoRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendaKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** The machines with their blocks not yet over (ADMIN's 'Equipamentos', docs/product.md §21). */
export const equipmentAdminQueryOptions = () =>
  queryOptions({
    queryKey: agendaKeys.equipamentosAdmin(),
    queryFn: ({ signal }) => callApi('listEquipamentos', undefined, { signal }),
  })

export function useEquipmentAdmin() {
  return useQuery(equipmentAdminQueryOptions())
}

/** A new machine (no id) or the changes of one (with its id). */
export type EquipmentChanges = RegisterEquipamentoRequest & { id?: string }

export async function saveEquipment({ id, ...data }: EquipmentChanges) {
  const { equipamento } =
    id === undefined ? await callApi('registerEquipamento', data) : await callApi('updateEquipamento', { ...data, id })
  return equipamento
}

/** Registers or changes a machine; the machines and the agenda refresh. */
export function useSaveEquipment() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: saveEquipment,
    meta: { success: messages.equipmentSaved, failure: { failure: messages.equipmentSaveFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  })
}

/** The doctors with their hours, as the agenda of today lists them. */
export const doctorHoursQueryOptions = () =>
  queryOptions({
    queryKey: agendaKeys.medicosHorarios(),
    queryFn: async ({ signal }) => {
      const { medicos } = await callApi('agenda', { de: clinicToday(), dias: 1 }, { signal })
      return medicos
    },
  })

export function useDoctorHours() {
  return useQuery(doctorHoursQueryOptions())
}
