import { type Paciente } from '@contract'
import { usePatientAppointments } from '../api/get-patient-appointments'
import { displayName } from './patient-profile'
import { formTexts } from '../lib/form-texts'

/**
 * Under the specification's question (issue 14): whom it deletes, and, when the patient has appointments,
 * that the deletion will be refused (docs/product.md §4) — said before anyone confirms.
 */
export function DeleteDetails({ paciente }: { paciente: Paciente }) {
  const appointments = usePatientAppointments(paciente.id)
  const count = appointments.data?.length ?? 0
  return (
    <div className="delete-details">
      <p className="delete-details__name">{displayName(paciente)}</p>
      {count > 0 && (
        <p className="delete-details__warning">
          {formTexts.deleteHasAppointments.replace('{n}', count >= 20 ? '20+' : String(count))}
        </p>
      )}
    </div>
  )
}
