import { useWatch, type Control } from 'react-hook-form'
import {
  CONSENT_LABEL,
  FIELD_LABELS,
  PATIENT_FIELDS,
  reviewValue,
  type PatientFormValues,
  type PatientPayload,
} from '../lib/patient-form'

/** Step 3: every field as it will be saved (CPF and phone formatted for reading). */
export function PatientReview({ control }: { control: Control<PatientFormValues, unknown, PatientPayload> }) {
  const values = useWatch({ control }) as PatientFormValues
  return (
    <dl className="patient-review">
      {PATIENT_FIELDS.map((name) => {
        const value = reviewValue(name, values)
        // an optional field left blank (issue 14) is not part of what is saved
        if (value === null) return null
        return (
          <div key={name} className="patient-review__item">
            <dt>{FIELD_LABELS[name]}</dt>
            <dd>{value}</dd>
          </div>
        )
      })}
      <div className="patient-review__item">
        <dt>{CONSENT_LABEL}</dt>
        <dd>{values.aceitaMensagens ? 'Sim' : 'Não'}</dd>
      </div>
    </dl>
  )
}
