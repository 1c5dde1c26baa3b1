import { addDays } from '@contract'

/** The ranges the picker offers: the day, its week (domingo a sábado), its month. */
export function presetRange(kind: 'dia' | 'semana' | 'mes', day: string): { de: string; ate: string } {
  if (kind === 'dia') return { de: day, ate: day }
  if (kind === 'semana') {
    const de = addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay())
    return { de, ate: addDays(de, 6) }
  }
  const de = `${day.slice(0, 8)}01`
  return { de, ate: addDays(`${addDays(de, 31).slice(0, 8)}01`, -1) }
}
