import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { messages, RegisterMedicoRequest } from '@contract'
import { TextField } from '@/components/form-fields'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { fieldErrorsFromApi, isNetworkFailure, serverErrorMessage } from '@/lib/api-errors'
import { notifyError, notifyNotSaved, notifySuccess } from '@/lib/notify'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useCreateDoctor } from '../api/create-doctor'

/** 'Cadastro de Doutores' (SPEC §2 Admin). */
export function DoctorForm() {
  const createDoctor = useCreateDoctor()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<RegisterMedicoRequest>({
    resolver: zodResolver(RegisterMedicoRequest),
    defaultValues: { nome: '' },
  })
  useUnsavedChanges(isDirty)
  const { offline, noteId, describedBy } = useOfflineLock()

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createDoctor.mutateAsync(values)
      notifySuccess(messages.doctorCreated)
      reset()
    } catch (error) {
      if (isNetworkFailure(error)) return void notifyNotSaved(messages.doctorCreateFailed)
      // SPEC §7: a validation error comes back as issues.nome._errors — show it under the field.
      const fieldError = fieldErrorsFromApi(error).nome
      if (fieldError) setError('nome', { message: fieldError }, { shouldFocus: true })
      notifyError(serverErrorMessage(error, messages.doctorCreateFailed))
    }
  })

  const busy = createDoctor.isPending
  return (
    <section className="card" aria-labelledby="admin-doctors-title">
      <h2 id="admin-doctors-title">Cadastro de Doutores</h2>
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Nome do doutor" autoComplete="off" autoCapitalize="words" error={errors.nome?.message} {...register('nome')} />
        <div className="form-actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || offline}
            aria-busy={busy || undefined}
            aria-describedby={describedBy()}
          >
            Criar
          </button>
          <OfflineNote id={noteId} offline={offline} />
        </div>
      </form>
    </section>
  )
}
