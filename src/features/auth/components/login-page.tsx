import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import { LoginRequest, messages } from '@contract'
import { TextField } from '@/components/form-fields'
import { notifyError } from '@/lib/notify'
import { rememberTemporaryPassword, rememberWeakPassword } from '@/lib/weak-password'
import { setSession } from '@/lib/session'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useLogin } from '../api/login'
import { useLoginThrottle } from '../hooks/use-login-throttle'

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

  const onSubmit = handleSubmit((values) => {
    // Past docs/product.md §9's 5 attempts in 60 s an attempt is not even sent.
    if (!registerAttempt()) {
      notifyError(messages.loginThrottled)
      return
    }
    // The toasts come from the mutation's texts.
    loginMutation.mutate(values, {
      onSuccess: ({ token, user, senhaFraca, senhaTemporaria }) => {
        // a weak password: the shell asks for a new one at once (docs/decisions.md, "Reliability")
        rememberWeakPassword(senhaFraca === true)
        // a temporary one (issue 34): the shell shows nothing else until it is changed
        rememberTemporaryPassword(senhaTemporaria === true)
        setSession({ token, user })
        void navigate('/', { replace: true })
      },
    })
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
        <TextField
          label="Senha"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          Entrar
        </button>
      </form>
    </main>
  )
}
