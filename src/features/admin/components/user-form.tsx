import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { RegisterUserRequest } from '@contract'
import { SelectField, TextField } from '@/components/form-fields'
import { FormActions } from '@/components/form-actions'
import { useFailedFields } from '@/lib/use-failed-fields'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { capitalizeName } from '@/lib/format'
import { doctorTitle, useDoctorTitles } from '@/lib/doctor-titles'
import { useCreateUser } from '../api/create-user'
import { useDoctorsForLinks } from '../api/user-doctor-links'

const USER_FIELDS = ['nome', 'email', 'password'] as const
const userFieldOf = (field: string) => USER_FIELDS.find((name) => name === field)

/** 'Criar usuário' (docs/product.md §2 Admin). */
export function UserForm() {
  const createUser = useCreateUser()
  const doctors = useDoctorsForLinks()
  const titles = useDoctorTitles()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<RegisterUserRequest>({
    resolver: zodResolver(RegisterUserRequest),
    defaultValues: { nome: '', email: '', password: '' },
  })
  useUnsavedChanges(isDirty)
  useFailedFields(createUser.failure, setError, userFieldOf)

  // The toasts come from the mutation's texts; on failure what was typed stays.
  const onSubmit = handleSubmit((values) => createUser.mutate(values, { onSuccess: () => reset() }))

  const busy = createUser.isPending
  return (
    <section className="card" aria-labelledby="admin-users-title">
      <h2 id="admin-users-title">Criar usuário</h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          <TextField
            label="Nome"
            autoComplete="off"
            autoCapitalize="words"
            error={errors.nome?.message}
            {...register('nome')}
          />
          <TextField
            label="E-mail"
            type="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
          <SelectField
            label="Médico (Minha agenda)"
            hint="Opcional: o usuário que é este médico abre na própria agenda."
            {...register('medicoId', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
          >
            <option value="">Nenhum</option>
            {(doctors.data ?? []).map((doctor) => (
              <option key={doctor.id} value={doctor.id}>
                {doctorTitle({ id: doctor.id, nome: capitalizeName(doctor.nome) }, titles)}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Senha"
            type="password"
            autoComplete="new-password"
            hint="Mínimo de 8 caracteres."
            error={errors.password?.message}
            {...register('password')}
          />
        </div>
        <FormActions submitLabel="Criar" pending={busy} />
      </form>
    </section>
  )
}
