// Where the exam catalogue's preparo reaches messages and printouts (docs/decisions.md, "Messages and
// printouts"): an appointment's exams are matched by name (case and accents aside) with the catalogue's
// exams, and carry their preparo. The catalogue's current text, not the copy made at booking: a corrected
// preparation should reach the patient. The catalogue is in the offline read cache, so printouts made
// offline keep it.
import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { examesComPreparo, type ExamePreparo } from '@contract'
import { catalogoQueryOptions } from './catalogue-query'

export function useExamesComPreparo(): (exames: readonly string[]) => ExamePreparo[] {
  // the catalogue itself is not on screen: the offline banner's stamp describes the lists shown
  const { data } = useQuery({ ...catalogoQueryOptions(), meta: { notShown: true } })
  const catalogo = data?.exames
  return useCallback((exames) => examesComPreparo(exames, catalogo ?? []), [catalogo])
}
