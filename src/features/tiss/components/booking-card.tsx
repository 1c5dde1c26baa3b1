// The booking's offer of the patient's card (issue 37 point 2; src/lib/tiss-slot.ts): beside the booking's
// 'Número da carteirinha', the card kept on the profile for the chosen convênio, one click to use it, and
// the warning when it expires before the appointment's day.
import { formatDate, tissAvisos } from '@contract'
import { useCarteirinhas } from '../api/carteirinhas'
import './tiss.css'

export default function BookingCard({
  pacienteId,
  convenioId,
  data,
  onUse,
}: {
  pacienteId: string
  convenioId: string
  data: string
  onUse: (numero: string) => void
}) {
  const cards = useCarteirinhas(pacienteId)
  const card = cards.data?.find((c) => c.convenioId === convenioId)
  if (!cards.data) return null
  if (!card)
    return <p className="field__hint form-grid__full">O paciente não tem carteirinha cadastrada neste convênio.</p>
  const avisos = data ? tissAvisos(`${data}T00:00`, card.validade, null) : []
  return (
    <div className="tiss-booking-card form-grid__full">
      <p>
        Carteirinha do paciente neste convênio: <strong>{card.numero}</strong>
        {card.plano && ` · Plano ${card.plano}`}
        {card.validade && ` · Validade ${formatDate(card.validade)}`}{' '}
        <button type="button" className="button button--small" onClick={() => onUse(card.numero)}>
          Usar a carteirinha {card.numero}
        </button>
      </p>
      {avisos.map((aviso) => (
        <p key={aviso} role="alert" className="tiss-warning">
          {aviso}
        </p>
      ))}
    </div>
  )
}
