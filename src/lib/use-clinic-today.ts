import { useEffect, useState } from 'react'
import { clinicToday } from '@contract/clinic-time'

/**
 * The clinic's date (`YYYY-MM-DD`), kept current: a front-desk tablet stays open overnight, and the
 * home page must roll over to the new day without a reload.
 */
export function useClinicToday(checkEveryMs = 60_000): string {
  const [today, setToday] = useState(() => clinicToday())
  useEffect(() => {
    const timer = setInterval(() => setToday(clinicToday()), checkEveryMs)
    return () => clearInterval(timer)
  }, [checkEveryMs])
  return today
}
