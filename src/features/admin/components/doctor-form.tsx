import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { RegisterMedicoRequest } from '@contract'
import { TextField } from '@/components/form-fields'
import { FormActions } from '@/components/form-actions'
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
        <FormActions submitLabel="Criar" pending={busy} />
      </form>
    </section>
  )
}
