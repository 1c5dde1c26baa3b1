import { useEffect } from 'react'

/** 'Pacientes · Clínica': the tab, the task switcher and screen readers say which page this is. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title
    document.title = title ? `${title} · Clínica` : 'Clínica'
    return () => {
      document.title = previous
    }
  }, [title])
}
