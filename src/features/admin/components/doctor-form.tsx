import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { RegisterMedicoRequest } from '@contract'
import { TextField } from '@/components/form-fields'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { useFailedFields } from '@/lib/use-failed-fields'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useCreateDoctor } from '../api/create-doctor'

/** 'Cadastro de Doutores' (docs/product.md §2 Admin). */
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
  // docs/product.md §7: a validation error comes back as issues.nome._errors — shown under the field.
  useFailedFields(createDoctor.failure, setError, (field) => (field === 'nome' ? 'nome' : undefined))

  // The toasts come from the mutation's texts; on failure the typed name stays, to send again.
  const onSubmit = handleSubmit((values) => createDoctor.mutate(values, { onSuccess: () => reset() }))

  const busy = createDoctor.isPending
  return (
    <section className="card" aria-labelledby="admin-doctors-title">
      <h2 id="admin-doctors-title">Cadastro de Doutores</h2>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Nome do doutor"
          autoComplete="off"
          autoCapitalize="words"
          error={errors.nome?.message}
          {...register('nome')}
        />
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
