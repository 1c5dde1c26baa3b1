// The wizard's early duplicate (issue 14, docs/decisions.md "Brazilian forms"): when the CPF field of step 1
// loses focus with a valid CPF, ask whether a patient already has it. Only ever a help: offline or failing,
// nothing is said, and the server's refusal on register (docs/product.md §8) stays the rule.
import { useRef, useState } from 'react'
import { isValidCpf, type VerificarCpfAnswer } from '@contract'
import { verifyCpf } from '../api/verify-cpf'
import { stripDocument } from './patient-form'

export type Duplicate = VerificarCpfAnswer & { cpf: string }

export function useEarlyDuplicate(ownCpf: string | undefined) {
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null)
  const asked = useRef<AbortController | null>(null)

  async function check(text: string) {
    const cpf = stripDocument(text)
    asked.current?.abort()
    if (!isValidCpf(cpf) || cpf === ownCpf) {
      setDuplicate(null)
      return
    }
    const controller = new AbortController()
    asked.current = controller
    try {
      const answer = await verifyCpf(cpf, controller.signal)
      if (!controller.signal.aborted) setDuplicate(answer.situacao === 'livre' ? null : { ...answer, cpf })
    } catch {
      if (!controller.signal.aborted) setDuplicate(null)
    }
  }

  return { duplicate, check, reactivated: () => setDuplicate((d) => d && { ...d, situacao: 'ativo' }) }
}
