import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { messages, RegisterUserRequest } from '@contract'
import { TextField } from '@/components/form-fields'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { ApiError } from '@/lib/api-client'
import { fieldErrorsFromApi, isNetworkFailure } from '@/lib/api-errors'
import { notifyError, notifyNotSaved, notifySuccess } from '@/lib/notify'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useCreateUser } from '../api/create-user'

function createUserErrorMessage(error: unknown): string {
  // 409: the e-mail is taken — the server's sentence says so; anything else is the generic failure.
  if (error instanceof ApiError && error.status === 409 && error.body?.error) return error.body.error
  return messages.userCreateFailed
}

/** 'Criar usuário' (SPEC §2 Admin). */
export function UserForm() {
  const createUser = useCreateUser()
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
  const { offline, noteId, describedBy } = useOfflineLock()

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createUser.mutateAsync(values)
      notifySuccess(messages.userCreated)
      reset()
    } catch (error) {
      if (isNetworkFailure(error)) return void notifyNotSaved(messages.userCreateFailed)
      const fieldErrors = fieldErrorsFromApi(error)
      for (const field of ['nome', 'email', 'password'] as const) {
        const message = fieldErrors[field]
        if (message) setError(field, { message })
      }
      notifyError(createUserErrorMessage(error))
    }
  })

  const busy = createUser.isPending
  return (
    <section className="card" aria-labelledby="admin-users-title">
      <h2 id="admin-users-title">Criar usuário</h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          <TextField label="Nome" autoComplete="off" autoCapitalize="words" error={errors.nome?.message} {...register('nome')} />
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
          <TextField
            label="Senha"
            type="password"
            autoComplete="new-password"
            hint="Mínimo de 8 caracteres."
            error={errors.password?.message}
            {...register('password')}
          />
        </div>
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
