// The static shell of index.html (painted before the JS) and public/boot-shell.js, which picks its frame:
// it must show the frame the app will open on (never the login form to a signed-in user, never the
// signed-in header to a visitor), stay out of the accessibility tree and of the tab order, and be gone
// after React's first render.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { act } from '@testing-library/react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { clinicToday, formatDate } from '@contract/clinic-time'
import { firstName } from '@/lib/format'
import { SESSION_STORAGE_KEY } from '@/lib/session'

const repo = join(import.meta.dirname, '../../..')
const indexHtml = readFileSync(join(repo, 'index.html'), 'utf8')
const bootScript = readFileSync(join(repo, 'public/boot-shell.js'), 'utf8')
const globalCss = readFileSync(join(repo, 'src/styles/global.css'), 'utf8')

function parse(): Document {
  return new DOMParser().parseFromString(indexHtml, 'text/html')
}

/** Runs public/boot-shell.js as the browser would, in this document. */
function runBootScript() {
  new Function(bootScript)()
}

/** The shell of index.html mounted in this document, with the app's CSS. */
function mountShell() {
  const style = document.createElement('style')
  style.textContent = globalCss
  document.head.append(style)
  document.body.innerHTML = parse().body.innerHTML
  return document.getElementById('root')!
}

const visible = (selector: string) => {
  const element = document.querySelector(selector)!
  return getComputedStyle(element).display !== 'none'
}

afterEach(() => {
  document.documentElement.removeAttribute('data-boot')
  document.documentElement.removeAttribute('data-boot-page')
  window.history.replaceState(null, '', '/')
  document.head.querySelectorAll('style').forEach((style) => style.remove())
  document.body.innerHTML = ''
  localStorage.clear()
})

describe('index.html static shell', () => {
  it('sits inside #root, hidden from assistive technology and inert, with nothing focusable', () => {
    const doc = parse()
    const root = doc.getElementById('root')!
    const shell = root.querySelector('.boot-shell')!
    expect(shell.parentElement).toBe(root)
    expect(root.children).toHaveLength(1)
    expect(shell.getAttribute('aria-hidden')).toBe('true')
    expect(shell.hasAttribute('inert')).toBe(true)
    expect(shell.querySelectorAll('a[href], input, button, select, textarea, [tabindex]')).toHaveLength(0)
    // no landmark or heading id that would clash with React's page while both are in the document
    expect(shell.querySelectorAll('main, nav, [id]')).toHaveLength(0)
  })

  it("the login frame is the login page's layout: same classes, same heading", () => {
    const login = parse().querySelector('.boot-shell__login')!
    expect(login.classList.contains('login-page')).toBe(true)
    expect(login.querySelector('.card.login-card h1')?.textContent).toBe('Faça seu login')
    expect([...login.querySelectorAll('.field__label')].map((label) => label.textContent)).toEqual(['Usuário', 'Senha'])
    expect(login.querySelector('.button.button--primary')?.textContent).toBe('Entrar')
  })

  it('the frame is picked by a classic script in <head>, before the app entry (the CSP allows no inline script)', () => {
    const doc = parse()
    const scripts = [...doc.head.querySelectorAll('script')]
    const boot = scripts.findIndex((script) => script.getAttribute('src') === '/boot-shell.js')
    expect(boot).toBeGreaterThanOrEqual(0)
    expect(scripts[boot]!.hasAttribute('type')).toBe(false)
    expect(scripts.some((script) => !script.src && script.textContent?.trim())).toBe(false)
  })
})

describe('public/boot-shell.js', () => {
  it('no session: the login frame only', () => {
    mountShell()
    runBootScript()
    expect(document.documentElement.dataset.boot).toBe('login')
    expect(visible('.boot-shell__login')).toBe(true)
    expect(visible('.boot-shell__app')).toBe(false)
  })

  it('a session: the signed-in frame (header), never the login form', () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ token: 't', user: { id: 'u', nome: 'Rita Lima', role: 'USER' } }),
    )
    mountShell()
    runBootScript()
    expect(document.documentElement.dataset.boot).toBe('app')
    expect(visible('.boot-shell__app')).toBe(true)
    expect(visible('.boot-shell__login')).toBe(false)
  })

  it('a corrupt or partial session counts as none, like the app', () => {
    for (const value of ['{', 'null', '{"token":1}', '{"token":"t"}']) {
      localStorage.setItem(SESSION_STORAGE_KEY, value)
      runBootScript()
      expect(document.documentElement.dataset.boot, value).toBe('login')
    }
  })

  it('without the script (blocked, failed) neither frame shows', () => {
    mountShell()
    expect(visible('.boot-shell__login')).toBe(false)
    expect(visible('.boot-shell__app')).toBe(false)
  })

  it("React's first render replaces the shell", async () => {
    const root = mountShell()
    runBootScript()
    const reactRoot = createRoot(root)
    await act(async () => reactRoot.render(<main>Página</main>))
    expect(root.querySelector('.boot-shell')).toBeNull()
    expect(root.textContent).toBe('Página')
    await act(async () => reactRoot.unmount())
  })

  /** The shell's headings that show, on `path` for a user of `role`. */
  function headingsOn(path: string, role: 'ADMIN' | 'USER'): string[] {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ token: 't', user: { id: 'u', nome: 'Rita Lima', role } }),
    )
    window.history.replaceState(null, '', path)
    mountShell()
    runBootScript()
    return [...document.querySelectorAll('.boot-shell__app h1')]
      .filter(
        (h1) =>
          h1.closest('.boot-shell__title') &&
          visible(`[data-page='${h1.closest('[data-page]')!.getAttribute('data-page')}']`),
      )
      .map((h1) => h1.textContent ?? '')
  }

  it("the page's own heading on a page whose heading is fixed text, the same text as React's page", () => {
    const pages: [string, string, string][] = [
      ['/pacientes', 'Gerenciamento de Pacientes', 'patients/components/patients-page.tsx'],
      ['/agendamentos', 'Gerenciamento de Agendamentos', 'appointments/components/appointments-page.tsx'],
      ['/agenda', 'Agenda', 'appointments/components/agenda-page.tsx'],
      ['/confirmacoes', 'Confirmações de amanhã', 'confirmations/components/confirmations-page.tsx'],
      ['/relatorios', 'Relatórios', 'reports/components/reports-page.tsx'],
      ['/admin', 'Administração', 'admin/components/admin-page.tsx'],
      ['/admin/catalogo', 'Catálogo', 'catalogue/components/catalogue-page.tsx'],
      ['/admin/equipamentos', 'Equipamentos e horários', 'equipment/components/equipment-page.tsx'],
    ]
    for (const [path, title, source] of pages) {
      expect(headingsOn(path, 'ADMIN'), path).toEqual([title])
      expect(readFileSync(join(repo, 'src/features', source), 'utf8')).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`))
    }
    expect(headingsOn('/pacientes/', 'USER')).toEqual(['Gerenciamento de Pacientes'])
  })

  it("the boards' dated heading on today's board, the same text as React's (the clinic's date)", () => {
    const date = formatDate(clinicToday())
    expect(headingsOn('/', 'USER')).toEqual([`Agendamentos dia ${date}`])
    expect(headingsOn('/minha-agenda', 'USER')).toEqual([`Minha agenda ${date}`])
    const board = readFileSync(join(repo, 'src/features/home/components/board-page.tsx'), 'utf8')
    expect(board).toContain('`Minha agenda ${formatDate(day)}` : `Agendamentos dia ${formatDate(day)}`')
    // another day's board (?dia=): its heading comes with React
    document.documentElement.removeAttribute('data-boot-page')
    window.history.replaceState(null, '', '/?dia=2026-01-05')
    runBootScript()
    expect(document.documentElement.hasAttribute('data-boot-page')).toBe(false)
  })

  it('no heading on the other pages, nor an admin page to a user the guard sends away', () => {
    for (const path of ['/nada', '/pacientes/123']) expect(headingsOn(path, 'ADMIN'), path).toEqual([])
    for (const path of ['/admin', '/admin/catalogo']) expect(headingsOn(path, 'USER'), path).toEqual([])
  })

  /** The shell's greeting once the boot script ran for a user named `nome`. */
  function greetingOf(nome: string): string {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 't', user: { id: 'u', nome, role: 'USER' } }))
    mountShell()
    runBootScript()
    return document.querySelector('.boot-shell__app .app-header__greeting')!.textContent ?? ''
  }

  it("the header's greeting, written as React writes it (its first name), in the header's place", () => {
    for (const nome of ['rita de cássia lima', '  ÉLIDA  Souza', "d'ávila costa", 'ana-maria reis', 'José'])
      expect(greetingOf(nome), nome).toBe(`Bem vindo ${firstName(nome)}`)
    const shell = readFileSync(join(repo, 'src/app/shell.tsx'), 'utf8')
    expect(shell).toContain('<p className="app-header__greeting">Bem vindo {firstName(session.user.nome)}</p>')
    // after the links, last in the header's row, as in React's header
    const inner = parse().querySelector('.boot-shell .app-header__inner')!
    expect(inner.lastElementChild!.className).toBe('app-header__greeting')
  })

  it('the texts are written as the parser inserts the shell, before the first paint (not once it is parsed)', async () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ token: 't', user: { id: 'u', nome: 'Rita Lima', role: 'USER' } }),
    )
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true })
    try {
      runBootScript() // in <head>: the shell is not parsed yet
      expect(document.querySelector('.app-header__greeting')).toBeNull()
      document.body.innerHTML = parse().body.innerHTML // the parser inserting it
      await Promise.resolve() // the parser's task ends: the observer's callback has run
      expect(document.querySelector('.boot-shell .app-header__greeting')!.textContent).toBe('Bem vindo Rita')
      expect(document.querySelector("[data-page='/'] h1")!.textContent).toBe(
        `Agendamentos dia ${formatDate(clinicToday())}`,
      )
    } finally {
      delete (document as { readyState?: string }).readyState
    }
  })
})
