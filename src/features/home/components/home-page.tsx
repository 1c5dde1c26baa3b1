import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useSession } from '@/lib/use-session'
import { useMe } from '../api/get-me'
import { BoardPage } from './board-page'

/** The session (its token) that has opened already: a user linked to a doctor opens on 'Minha agenda' once per
 * sign-in (or page load); the home page stays theirs to visit afterwards. */
let openedFor: string | undefined

/** Home (docs/product.md §2): the day's appointments, as the front desk's live board. */
export default function HomePage() {
  useDocumentTitle('Página inicial')
  const me = useMe()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = useSession()?.token
  const linked = me.data?.medico != null
  useEffect(() => {
    if (me.data === undefined || openedFor === token) return
    openedFor = token
    if (linked && !params.has('dia')) void navigate('/minha-agenda', { replace: true })
  }, [me.data, linked, params, navigate, token])
  return <BoardPage mode="all" />
}
