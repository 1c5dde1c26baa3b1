// /painel (issue 38): the TV of the waiting room. Unpaired, it asks for the code ADMIN got in 'Painéis'
// (or takes it from the QR code's address); paired, it shows the current call and the four before it, the
// clock, and announces each new call. The feed is read live (lib/event-stream.ts) and reconnects by itself.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { PAINEL_EVENTOS_PATH, PainelFeed, type PainelChamada } from '@contract'
import { ApiError, API_BASE } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { forgetCredential, pairPanel, storedCredential } from '../api/pair-panel'
import { announce } from '../lib/announce'
import { openEventStream, type StreamState } from '../lib/event-stream'
import './panel-page.css'

export default function PanelPage() {
  useDocumentTitle('Painel')
  const [credencial, setCredencial] = useState(storedCredential)
  if (!credencial) return <PairingScreen onPaired={() => setCredencial(storedCredential())} />
  return (
    <LivePanel
      credencial={credencial}
      onRefused={() => {
        forgetCredential()
        setCredencial(null)
      }}
    />
  )
}

function PairingScreen({ onPaired }: { onPaired: () => void }) {
  const fromQr = new URLSearchParams(window.location.search).get('codigo') ?? ''
  const [codigo, setCodigo] = useState(fromQr)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await pairPanel(codigo)
      window.history.replaceState(null, '', '/painel')
      onPaired()
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Não foi possível parear. Tente de novo.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <main className="painel painel-pareamento">
      <h1>Parear este painel</h1>
      <p>Digite o código que o administrador recebeu em Admin → Painéis.</p>
      <form onSubmit={submit}>
        <label htmlFor="painel-codigo">Código</label>
        <input
          id="painel-codigo"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          value={codigo}
          onChange={(e) => setCodigo(e.target.value)}
        />
        <button type="submit" disabled={busy}>
          Parear
        </button>
        {error && <p role="alert">{error}</p>}
      </form>
    </main>
  )
}

function Clock() {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1_000)
    return () => clearInterval(timer)
  }, [])
  const text = now.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' })
  return (
    <time className="painel-relogio" aria-label="Hora">
      {text}
    </time>
  )
}

function LivePanel({ credencial, onRefused }: { credencial: string; onRefused: () => void }) {
  const [feed, setFeed] = useState<PainelFeed | null>(null)
  const [state, setState] = useState<StreamState>('conectando')
  const lastAnnounced = useRef<string | null | undefined>(undefined)
  // every call announced is spoken, in turn; a panel that leaves the screen (revoked, unpaired) says nothing more
  const pendingSpeech = useRef<(() => void)[]>([])
  useEffect(() => () => pendingSpeech.current.forEach((drop) => drop()), [])
  const refusedRef = useRef(onRefused)
  useEffect(() => {
    refusedRef.current = onRefused
  }, [onRefused])

  useEffect(
    () =>
      openEventStream({
        url: `${API_BASE}${PAINEL_EVENTOS_PATH}`,
        credencial,
        onState: setState,
        onRefused: () => refusedRef.current(),
        onData: (data) => {
          const parsed = PainelFeed.safeParse(JSON.parse(data))
          if (parsed.success) setFeed(parsed.data)
        },
      }),
    [credencial],
  )

  const current: PainelChamada | undefined = feed?.chamadas[0]
  useEffect(() => {
    if (feed === null) return
    const id = current?.id ?? null
    // the first feed is what was already on screen: only a new call is announced
    if (lastAnnounced.current !== undefined && id !== null && id !== lastAnnounced.current)
      pendingSpeech.current.push(announce(current!.nome, current!.sala))
    lastAnnounced.current = id
  }, [feed, current])

  return (
    <main className="painel">
      <header className="painel-topo">
        <span className="painel-nome">{feed?.painel.nome ?? 'Painel'}</span>
        {state === 'reconectando' && (
          <span role="status" className="painel-estado">
            Reconectando…
          </span>
        )}
        <Clock />
      </header>
      <section className="painel-atual" aria-label="Chamada atual" aria-live="assertive">
        {current ? (
          <>
            <p className="painel-paciente">{current.nome}</p>
            <p className="painel-sala">{current.sala}</p>
          </>
        ) : (
          <p className="painel-vazio">{feed ? 'Aguardando chamadas' : 'Conectando…'}</p>
        )}
      </section>
      <section className="painel-anteriores" aria-label="Chamadas anteriores">
        <ol>
          {feed?.chamadas.slice(1).map((c) => (
            <li key={c.id}>
              <span>{c.nome}</span> <span>{c.sala}</span>
            </li>
          ))}
        </ol>
      </section>
    </main>
  )
}
