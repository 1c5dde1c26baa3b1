import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import { LoginRequest, messages } from '@contract'
import { TextField } from '@/components/form-fields'
import { ApiError } from '@/lib/api-client'
import { notifyError, notifySuccess } from '@/lib/notify'
import { setSession } from '@/lib/session'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useLogin } from '../api/login'
import { useLoginThrottle } from '../hooks/use-login-throttle'

function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.fetchFailed
  if (error.status === 401) return messages.loginFailed
  if (error.status === 429) return messages.loginThrottled
  // 0 (offline / server down) and anything unexpected.
  if (error.status === 0 || error.status >= 500) return messages.fetchFailed
  return error.message
}

export default function LoginPage() {
  useDocumentTitle('Login')
  const navigate = useNavigate()
  const loginMutation = useLogin()
  const { registerAttempt } = useLoginThrottle()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { email: '', password: '' },
  })

  const onSubmit = handleSubmit(async (values) => {
    if (!registerAttempt()) {
      notifyError(messages.loginThrottled)
      return
    }
    try {
      const { token, user } = await loginMutation.mutateAsync(values)
      setSession({ token, user })
      notifySuccess(messages.loginSuccess)
      void navigate('/', { replace: true })
    } catch (error) {
      notifyError(loginErrorMessage(error))
    }
  })

  const busy = loginMutation.isPending

  return (
    <main className="login-page">
      <form className="card login-card" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <h1 id="login-title">Faça seu login</h1>
        <TextField
          label="Usuário"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField label="Senha" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          Entrar
        </button>
      </form>
    </main>
  )
}
