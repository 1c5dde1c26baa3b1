import { useDocumentTitle } from '@/lib/use-document-title'
import { BoardPage } from './board-page'

/** 'Minha agenda' (/minha-agenda): the board with only the signed-in doctor's appointments, for a phone. */
export default function MyAgendaPage() {
  useDocumentTitle('Minha agenda')
  return <BoardPage mode="mine" />
}
