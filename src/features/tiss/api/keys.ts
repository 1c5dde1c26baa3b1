// The TISS desk's query keys, under the entities they belong to: a patient's cards go with the patient, a
// guia with its appointment (so every appointment refresh refreshes it), the convênios' settings with the
// catalogue (the same key as the 'Dados TISS' page's).
import { agendamentoKeys, catalogoKeys, pacienteKeys } from '@/lib/query-keys'

export const tissKeys = {
  carteirinhas: (pacienteId: string) => [...pacienteKeys.detail(pacienteId), 'carteirinhas'] as const,
  guia: (agendamentoId: string) => [...agendamentoKeys.all, 'guiaTiss', agendamentoId] as const,
  solicitantes: () => ['tiss', 'solicitantes'] as const,
  convenios: () => [...catalogoKeys.all, 'tiss'] as const,
}
