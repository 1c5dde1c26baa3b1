// 'CEP' fills Endereço, Bairro, Cidade and Estado (issue 14) through the one lookup interface
// (cep-lookup.ts). Typing is never blocked: the lookup runs beside the form, offline it is not tried, and
// a failure only says so under the field.
import { useRef, useState } from 'react'
import {} from '@contract'
import { lookupCep, type CepAddress, type CepLookup } from './cep-lookup'
import { formTexts } from './form-texts'

export type CepStatus = 'idle' | 'searching' | 'found' | 'not-found' | 'unavailable'

export const CEP_STATUS_TEXT: Record<CepStatus, string | undefined> = {
  idle: undefined,
  searching: formTexts.cepSearching,
  found: formTexts.cepFound,
  'not-found': formTexts.cepNotFound,
  unavailable: formTexts.cepUnavailable,
}

export function useCepFill(fill: (address: CepAddress) => void, lookup: CepLookup = lookupCep) {
  const [status, setStatus] = useState<CepStatus>('idle')
  const current = useRef<{ cep: string; controller: AbortController } | null>(null)

  /** Called with the field's text on every change: a complete CEP, once, starts a lookup. */
  function onCepChange(text: string) {
    const cep = text.replace(/\D/g, '')
    if (current.current?.cep === cep) return
    current.current?.controller.abort()
    current.current = null
    if (cep.length !== 8) {
      setStatus('idle')
      return
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setStatus('unavailable')
      return
    }
    const controller = new AbortController()
    current.current = { cep, controller }
    setStatus('searching')
    lookup(cep, controller.signal).then(
      (address) => {
        if (controller.signal.aborted) return
        if (address) fill(address)
        setStatus(address ? 'found' : 'not-found')
      },
      () => {
        if (!controller.signal.aborted) setStatus('unavailable')
      },
    )
  }

  return { status, onCepChange }
}
