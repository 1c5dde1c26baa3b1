import type { Failure } from '@/lib/describe-failure'

/**
 * A save that failed inside a dialog, said at the top of its form (role=alert): the same sentence as its
 * toast, so it is read where the person is working even when the toast has gone.
 */
export function FormAlert({ failure, className }: { failure: Failure | null; className?: string }) {
  if (!failure) return null
  return (
    <p role="alert" className={['alert', 'form-alert', className].filter(Boolean).join(' ')}>
      {failure.toast}
    </p>
  )
}
