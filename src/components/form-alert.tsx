import { useEffect, useRef } from 'react'
import type { Failure } from '@/lib/describe-failure'
import './form-alert.css'

/**
 * A save that failed inside a dialog, said at the top of its form (role=alert): the same sentence as its
 * toast, so it is read where the person is working even when the toast has gone.
 */
export function FormAlert({ failure, className }: { failure: Failure | null; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null)
  // The form may be scrolled down to its buttons: bring the sentence into view. (A 400 then focuses its
  // first field, which scrolls there: the form's effect runs after this one.)
  useEffect(() => {
    if (failure) ref.current?.scrollIntoView({ block: 'nearest' })
  }, [failure])
  if (!failure) return null
  return (
    <p ref={ref} role="alert" className={['alert', 'form-alert', className].filter(Boolean).join(' ')}>
      {failure.toast}
    </p>
  )
}
