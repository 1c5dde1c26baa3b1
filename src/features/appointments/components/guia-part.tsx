// The appointment's 'Guia TISS' (issue 37), from the TISS feature through the app's slot
// (src/lib/tiss-slot.ts): shown for a booking on a convênio, with the catalogue data it was booked with.
import { Suspense } from 'react'
import type { Agendamento } from '@contract'
import { useTissSlot } from '@/lib/tiss-slot'
import { useAppointmentDetails } from '../api/get-appointment-details'

export function GuiaPart({ agendamento }: { agendamento: Agendamento }) {
  const tiss = useTissSlot()
  const details = useAppointmentDetails(agendamento.id)
  if (!tiss || !details.data?.convenioId) return null
  return (
    <Suspense fallback={null}>
      <tiss.GuiaButton agendamento={agendamento} detalhes={details.data} />
    </Suspense>
  )
}
