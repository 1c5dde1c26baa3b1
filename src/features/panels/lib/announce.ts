// The call announced on the TV: a two-note chime (Web Audio) and the call spoken in Portuguese when the
// browser has a pt-BR voice (speechSynthesis); the chime alone otherwise.

export function chime(): void {
  const AudioCtor = window.AudioContext
  if (!AudioCtor) return
  try {
    const ctx = new AudioCtor()
    const notes = [659.25, 523.25]
    notes.forEach((freq, i) => {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.frequency.value = freq
      const start = ctx.currentTime + i * 0.45
      gain.gain.setValueAtTime(0.0001, start)
      gain.gain.exponentialRampToValueAtTime(0.4, start + 0.03)
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.8)
      osc.connect(gain).connect(ctx.destination)
      osc.start(start)
      osc.stop(start + 0.85)
    })
    setTimeout(() => void ctx.close(), 2_000)
  } catch {
    // no audio output: the screen still shows the call
  }
}

/** Speaks 'Maria S., Sala 2' with a pt-BR voice; false when there is none. */
export function speak(text: string): boolean {
  const synth = window.speechSynthesis
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return false
  const voice = synth.getVoices().find((v) => v.lang.toLowerCase().replace('_', '-').startsWith('pt-br'))
  if (!voice) return false
  const utterance = new SpeechSynthesisUtterance(text)
  utterance.voice = voice
  utterance.lang = voice.lang
  synth.speak(utterance)
  return true
}

/** Chime now, the call spoken after it; the returned function drops the speech not yet said. */
export function announce(nome: string, sala: string): () => void {
  chime()
  const timer = setTimeout(() => speak(`${nome}, ${sala}`), 1_000)
  return () => clearTimeout(timer)
}
