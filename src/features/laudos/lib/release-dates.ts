import { clinicWallClock, formatDate } from '@contract'

/** 'DD/MM/AAAA HH:MM' of an ISO instant, in the clinic's time. */
export function instantText(iso: string): string {
  const wall = clinicWallClock(new Date(iso)).toISOString()
  return `${formatDate(wall.slice(0, 10))} ${wall.slice(11, 16)}`
}
