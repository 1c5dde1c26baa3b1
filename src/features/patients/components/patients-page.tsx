import { useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useCallback, useMemo, useRef, useState } from 'react'
import { FindPacienteByCpfRequest, FindPacienteByRgRequest, messages, type Paciente } from '@contract'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { DataStamp, OfflineNote, useOfflineLock } from '@/components/offline'
import { PageLoading } from '@/components/page-loading'
import { describeFailure } from '@/lib/describe-failure'
import { notifyInfo } from '@/lib/notify'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDeletePatient } from '../api/delete-patient'
import { useFindPatientByDocument, type DocumentKind } from '../api/find-patient-by-document'
import { getPatientQueryOptions } from '../api/get-patient'
import { getPatientsQueryOptions, usePatients } from '../api/get-patients'
import { searchSaved } from '../lib/offline-search'
import { stripDocument } from '../lib/patient-form'
import { DeleteDetails } from './delete-details'
import { PatientProfile } from './patient-profile'
import { PatientSearch, type SearchFilter, type SearchQuery } from './patient-search'
import { PatientWizard } from './patient-wizard'
import { PatientsTable } from './patients-table'
import './patients.css'

/** docs/product.md §9: a search waits until typing has stopped for 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500

type Search =
  | { kind: 'list'; nome: string }
  | { kind: 'document'; document: DocumentKind; value: string }
  /** Nothing to ask the API: `message` says what is wrong with the text, if anything. */
  | { kind: 'none'; message?: string }

/** What the (debounced) filter and text ask for. Letters in a CPF/RG search are refused here, not sent. */
function toSearch(filter: SearchFilter, rawText: string): Search {
  const text = rawText.trim().replace(/\s+/g, ' ')
  if (filter === 'nome' || text === '') return { kind: 'list', nome: filter === 'nome' ? text : '' }
  const value = stripDocument(text)
  if (!/^\d+$/.test(value)) return { kind: 'none', message: messages.cpfRgDigitsOnly }
  const request =
    filter === 'cpf'
      ? FindPacienteByCpfRequest.safeParse({ cpf: value })
      : FindPacienteByRgRequest.safeParse({ rg: value })
  // Longer than any CPF/RG: no patient has it.
  if (!request.success) return { kind: 'none' }
  return { kind: 'document', document: filter, value }
}

const NO_SEARCH: SearchQuery = { filter: 'nome', text: '' }

export default function PatientsPage() {
  useDocumentTitle('Pacientes')
  // The (debounced) filter and text: PatientSearch owns what is typed, so a keystroke does not render this page.
  const [query, setQuery] = useState(NO_SEARCH)
  const onSearch = useCallback(
    (next: SearchQuery) =>
      setQuery((current) => (current.filter === next.filter && current.text === next.text ? current : next)),
    [],
  )
  const search = toSearch(query.filter, query.text)

  const list = usePatients({ nome: search.kind === 'list' ? search.nome : '', enabled: search.kind === 'list' })
  const byDocument = useFindPatientByDocument({
    kind: search.kind === 'document' ? search.document : 'cpf',
    value: search.kind === 'document' ? search.value : '',
    enabled: search.kind === 'document',
  })
  const active = search.kind === 'list' ? list : search.kind === 'document' ? byDocument : null

  const [wizard, setWizard] = useState<{ open: boolean; paciente: Paciente | null }>({ open: false, paciente: null })
  const [toDelete, setToDelete] = useState<Paciente | null>(null)
  const deletion = useDeletePatient()
  const deleting = useRef(false)
  const { offline, noteId, describedBy } = useOfflineLock()

  // Memoised (with the callbacks below) so that a render of the page — a key typed, a page appended —
  // does not re-render every row of the table (PatientsTable and its rows are memoised).
  const listPages = list.data?.pages
  const found = byDocument.data
  const queryClient = useQueryClient()
  // Offline, a name search cannot reach the API: it looks in the list saved on this device instead of
  // leaving the previous (unfiltered) rows on screen as if they were its answer (issue 34).
  const searchingSaved =
    search.kind === 'list' && search.nome !== '' && list.isPlaceholderData && list.fetchStatus === 'paused'
  const savedNome = searchingSaved ? search.nome : ''
  const pacientes: Paciente[] = useMemo(() => {
    if (savedNome)
      return searchSaved(
        queryClient.getQueryData<InfiniteData<Paciente[]>>(getPatientsQueryOptions('').queryKey),
        savedNome,
      )
    return search.kind === 'list' ? (listPages?.flat() ?? []) : search.kind === 'document' && found ? [found] : []
  }, [search.kind, listPages, found, savedNome, queryClient])
  // The table is keyed by the search whose rows it shows (a new one once the new answer is in, not while the
  // previous rows stand in for it): replacing up to 1,000 rows by a search's answer then removes the old table at
  // once instead of row by row (issue #18;
  // bench/journal/2026-11-24-mid-range-tablet-second-round.md, "The mid-range tablet (second round)").
  const searchKey =
    search.kind === 'list'
      ? `nome:${search.nome}`
      : search.kind === 'document'
        ? `${search.document}:${search.value}`
        : ''
  const [tableKey, setTableKey] = useState(searchKey)
  if (tableKey !== searchKey && !(search.kind === 'list' && list.isPlaceholderData)) setTableKey(searchKey)
  const openDetails = useCallback((paciente: Paciente) => setWizard({ open: true, paciente }), [])
  const [profile, setProfile] = useState<Paciente | null>(null)
  const openProfile = useCallback((paciente: Paciente) => setProfile(paciente), [])
  // The early duplicate's 'Abrir cadastro' (issue 14): that patient's 'Saiba mais', in place of the new one.
  const openPatient = useCallback(
    (id: string) =>
      void queryClient.fetchQuery(getPatientQueryOptions(id)).then(
        (paciente) => setWizard({ open: true, paciente }),
        () => undefined,
      ),
    [queryClient],
  )

  async function loadMore() {
    if (!list.hasNextPage) {
      notifyInfo(messages.noMorePatients)
      return
    }
    const result = await list.fetchNextPage()
    if (result.isError) return
    const last = result.data?.pages.at(-1)
    if (last && last.length === 0) notifyInfo(messages.noMorePatients)
  }

  // The toasts come from the mutation's texts; a failure is also said inside the question, which stays
  // open (to try again or cancel).
  function confirmDelete() {
    if (!toDelete || deleting.current) return
    deleting.current = true
    deletion.mutate(
      { id: toDelete.id },
      {
        onSuccess: () => setToDelete(null),
        onSettled: () => {
          deleting.current = false
        },
      },
    )
  }

  // Every question starts without the previous one's failure. Stable, for the memoised rows.
  const resetDeletion = deletion.reset
  const askDelete = useCallback(
    (paciente: Paciente | null) => {
      resetDeletion()
      setToDelete(paciente)
    },
    [resetDeletion],
  )

  const error = active?.error
  // A 401 is handled once for the whole app (back to /login); anything else is said here.
  const showError = error != null && describeFailure(error).kind !== 'unauthorized'
  const loading = active !== null && active.isPending && active.fetchStatus === 'fetching'
  // Offline with nothing cached: the query waits for the connection (TanStack pauses it).
  const waitingForNetwork = active !== null && active.isPending && active.fetchStatus === 'paused'

  return (
    <section className="page" aria-labelledby="patients-title">
      <header className="page-header">
        <h1 id="patients-title">Gerenciamento de Pacientes</h1>
        <div className="button-row">
          <button
            type="button"
            className="button"
            onClick={() => void active?.refetch()}
            disabled={active === null || active.isFetching}
          >
            Recarregar
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => setWizard({ open: true, paciente: null })}
            disabled={offline}
            aria-describedby={describedBy()}
          >
            Cadastrar paciente
          </button>
        </div>
        <OfflineNote id={noteId} offline={offline} />
      </header>

      <div className="toolbar">
        <PatientSearch
          debounceMs={SEARCH_DEBOUNCE_MS}
          error={search.kind === 'none' ? search.message : undefined}
          onSearch={onSearch}
        />
      </div>

      {showError && (
        <p className="alert" role="alert">
          {messages.fetchFailed}
        </p>
      )}

      {searchingSaved && (
        <p className="alert" role="status">
          Sem conexão: a busca foi feita só na lista salva neste aparelho (a primeira página de pacientes).
        </p>
      )}
      {pacientes.length > 0 && <DataStamp updatedAt={active?.dataUpdatedAt ?? 0} />}
      {loading ? (
        <PageLoading label="Carregando pacientes…" />
      ) : waitingForNetwork ? (
        <p className="empty-state" role="status">
          {messages.offline}
        </p>
      ) : pacientes.length > 0 ? (
        <PatientsTable
          key={searchingSaved ? `saved:${tableKey}` : tableKey}
          pacientes={pacientes}
          offlineNoteId={offline ? noteId : undefined}
          onDetails={openDetails}
          onDelete={askDelete}
          onProfile={openProfile}
        />
      ) : (
        !showError && <p className="empty-state">{messages.noPatientsFound}</p>
      )}

      {search.kind === 'list' && pacientes.length > 0 && (
        <div className="load-more">
          <button
            type="button"
            className="button"
            onClick={() => void loadMore()}
            disabled={list.isFetchingNextPage || list.isPlaceholderData}
            aria-busy={list.isFetchingNextPage || undefined}
          >
            Carregar Mais
          </button>
        </div>
      )}

      <PatientWizard
        open={wizard.open}
        paciente={wizard.paciente}
        onClose={() => setWizard((current) => ({ ...current, open: false }))}
        onOpenPatient={openPatient}
        // the new patient's profile, whose 'Agendar' books them at once (a walk-in, issue 34)
        onCreated={setProfile}
      />
      <ConfirmDialog
        open={toDelete !== null}
        message={messages.confirmDeletePatient}
        busy={deletion.isPending}
        failure={deletion.failure}
        onConfirm={confirmDelete}
        onCancel={() => askDelete(null)}
      >
        {toDelete && <DeleteDetails paciente={toDelete} />}
      </ConfirmDialog>
      <PatientProfile
        paciente={profile}
        onClose={() => setProfile(null)}
        onEdit={(paciente) => {
          setProfile(null)
          setWizard({ open: true, paciente })
        }}
      />
    </section>
  )
}
