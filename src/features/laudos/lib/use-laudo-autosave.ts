// The editor's autosave (issue 36 point 4): each change goes to the device first (laudo-device-draft.ts),
// then to the server AUTOSAVE_DELAY_MS after typing stops, on leaving a field and on leaving the page. A
// save names the revisao it started from; another save in between is a conflict the doctor resolves.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Laudo, LaudoTexto } from '@contract'
import { ApiError } from '@/lib/api-client'
import { saveLaudoDraft } from '../api/laudo-save'
import { dropDeviceDraft, keepDeviceDraft, readDeviceDraft, sameTexto } from './laudo-device-draft'

export const AUTOSAVE_DELAY_MS = 3_000

type State = 'idle' | 'dirty' | 'saving' | 'saved' | 'offline' | 'error'

const textoOf = (laudo: Laudo): LaudoTexto => {
  const { tecnica, relatorio, impressao, birads } = laudo.rascunho!
  return { tecnica, relatorio, impressao, birads }
}

export function useLaudoAutosave(laudo: Laudo, onSaved: (laudo: Laudo) => void) {
  const [texto, setTexto] = useState<LaudoTexto | null>(null)
  const [state, setState] = useState<State>('idle')
  const [savedAt, setSavedAt] = useState<string | null>(laudo.rascunho?.salvoEm ?? null)
  const [restored, setRestored] = useState(false)
  const [conflict, setConflict] = useState<{ mine: LaudoTexto; server: LaudoTexto; revisao: number } | null>(null)
  // what the next save sends from: the revisao, the text, whether it differs from the server's
  const current = useRef({ revisao: laudo.rascunho?.revisao ?? 0, texto: null as LaudoTexto | null, dirty: false })
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const saving = useRef(false)
  // while both texts are on screen nothing is saved: the doctor chooses first
  const inConflict = useRef(false)
  const onSavedRef = useRef(onSaved)
  useEffect(() => {
    onSavedRef.current = onSaved
  })
  const saveNowRef = useRef<() => Promise<void>>(async () => {})

  // first: the device's copy when it is newer than the server's, else the server's text
  useEffect(() => {
    let cancelled = false
    const server = textoOf(laudo)
    const revisao = laudo.rascunho!.revisao
    void readDeviceDraft(laudo.id).then((device) => {
      if (cancelled) return
      current.current = { revisao, texto: server, dirty: false }
      if (device && !sameTexto(device.texto, server)) {
        if (device.revisao === revisao) {
          current.current = { revisao, texto: device.texto, dirty: true }
          setTexto(device.texto)
          setRestored(true)
          setState('dirty')
          // the restored text goes to the server as if just typed
          timer.current = setTimeout(() => void saveNowRef.current(), AUTOSAVE_DELAY_MS)
          return
        }
        inConflict.current = true
        setConflict({ mine: device.texto, server, revisao })
      }
      setTexto(server)
    })
    return () => {
      cancelled = true
    }
    // the laudo as it was opened; later answers are the editor's own saves
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [laudo.id])

  const saveNow = useCallback(async () => {
    clearTimeout(timer.current)
    const { revisao, texto: sent, dirty } = current.current
    if (!dirty || !sent || saving.current || inConflict.current) return
    saving.current = true
    setState('saving')
    try {
      const outcome = await saveLaudoDraft(laudo.id, revisao, sent)
      if (outcome.kind === 'conflict') {
        inConflict.current = true
        clearTimeout(timer.current)
        setConflict({
          mine: current.current.texto!,
          server: textoOf(outcome.server),
          revisao: outcome.server.rascunho!.revisao,
        })
        setState('dirty')
        return
      }
      const next = outcome.laudo.rascunho!
      const changedMeanwhile = current.current.texto !== sent
      current.current = { revisao: next.revisao, texto: current.current.texto, dirty: changedMeanwhile }
      setSavedAt(next.salvoEm)
      onSavedRef.current(outcome.laudo)
      if (changedMeanwhile) {
        void keepDeviceDraft({
          laudoId: laudo.id,
          revisao: next.revisao,
          texto: current.current.texto!,
          at: Date.now(),
        })
        setState('dirty')
        timer.current = setTimeout(() => void saveNowRef.current(), AUTOSAVE_DELAY_MS)
      } else {
        void dropDeviceDraft(laudo.id)
        setState('saved')
      }
    } catch (error) {
      setState(error instanceof ApiError && error.isNetworkError ? 'offline' : 'error')
    } finally {
      saving.current = false
    }
  }, [laudo.id])

  useEffect(() => {
    saveNowRef.current = saveNow
  }, [saveNow])

  const change = useCallback(
    (next: LaudoTexto) => {
      current.current = { ...current.current, texto: next, dirty: true }
      setTexto(next)
      setState('dirty')
      void keepDeviceDraft({ laudoId: laudo.id, revisao: current.current.revisao, texto: next, at: Date.now() })
      clearTimeout(timer.current)
      timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS)
    },
    [laudo.id, saveNow],
  )

  // leaving: the page hidden (tab closed, app switched) or the editor unmounted saves what is pending
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void saveNow()
    }
    document.addEventListener('visibilitychange', onHide)
    return () => {
      document.removeEventListener('visibilitychange', onHide)
      void saveNow()
    }
  }, [saveNow])

  const keepMine = useCallback(() => {
    if (!conflict) return
    current.current = { revisao: conflict.revisao, texto: conflict.mine, dirty: true }
    inConflict.current = false
    setTexto(conflict.mine)
    setConflict(null)
    void saveNow()
  }, [conflict, saveNow])

  const useServer = useCallback(() => {
    if (!conflict) return
    current.current = { revisao: conflict.revisao, texto: conflict.server, dirty: false }
    inConflict.current = false
    setTexto(conflict.server)
    setConflict(null)
    setState('saved')
    void dropDeviceDraft(laudo.id)
  }, [conflict, laudo.id])

  return { texto, change, state, savedAt, restored, conflict, keepMine, useServer, saveNow }
}
