// Where the exam catalogue's preparo plugs in (docs/decisions.md, "Messages and printouts"). Today an
// appointment's exams are free text without a preparo; once the catalogue (issue #12) lands, this hook
// reads its query and passes its exams to examesComPreparo — the message builder and both printouts take
// their exams from here and need no other change.
import { useCallback } from 'react'
import { examesComPreparo, type ExamePreparo } from '@contract'

export function useExamesComPreparo(): (exames: readonly string[]) => ExamePreparo[] {
  return useCallback((exames) => examesComPreparo(exames), [])
}
