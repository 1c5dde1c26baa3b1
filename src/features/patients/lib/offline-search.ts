import type { InfiniteData } from '@tanstack/react-query'
import type { Paciente } from '@contract'

/** A name as a search compares it: lower case, without accents, single spaces. */
export function searchableName(nome: string): string {
  return nome.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/**
 * A name search offline (issue 34): the patients of the list saved on this device whose name contains the
 * text, as the API's search would answer — rather than the whole unfiltered list, silently.
 */
export function searchSaved(saved: InfiniteData<Paciente[]> | undefined, nome: string): Paciente[] {
  const wanted = searchableName(nome)
  return (saved?.pages.flat() ?? []).filter((paciente) => searchableName(paciente.nome).includes(wanted))
}
