// Runs before the first paint (a tiny classic script in <head>: the CSP allows no inline script). It
// tells the static shell in index.html which frame the app will open on, so that the page paints at
// once instead of staying blank until React renders: the route guards send a visitor without a session
// to /login and a signed-in user away from it, so the session alone decides. The app's own check
// (src/lib/session.ts) is stricter; a malformed session shows the header frame for a moment, never data.
/* global document, localStorage, location, MutationObserver */
;(function () {
  var frame = 'login'
  var session = null
  try {
    session = JSON.parse(localStorage.getItem('clinica.session') || 'null')
    if (session && typeof session.token === 'string' && session.user && typeof session.user.nome === 'string')
      frame = 'app'
  } catch {
    // no storage (private mode) or a corrupt value: the app treats it as signed out too
  }
  document.documentElement.setAttribute('data-boot', frame)
  if (frame !== 'app') return
  // The page's heading too, on the pages whose heading is fixed text (index.html has each one, hidden): the
  // largest text of the first paint, instead of after the route's chunk
  // (bench/journal/2026-11-24-lighthouse-every-page.md, "Lighthouse on every main page"). Admin pages only for an
  // administrator (the guard sends anyone else to '/').
  var path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname
  var admin = path === '/admin' || path.indexOf('/admin/') === 0
  var titled = [
    '/pacientes',
    '/agendamentos',
    '/agenda',
    '/confirmacoes',
    '/relatorios',
    '/admin',
    '/admin/catalogo',
    '/admin/equipamentos',
  ]
  // The boards' dated heading (src/features/home/components/board-page.tsx) on today's board: not with a
  // ?dia= in the address (rare; the board's own heading comes with React).
  var today = location.search.indexOf('dia=') < 0
  if (titled.indexOf(path) >= 0 && (!admin || session.user.role === 'ADMIN'))
    document.documentElement.setAttribute('data-boot-page', path)
  else if ((path === '/' || path === '/minha-agenda') && today)
    document.documentElement.setAttribute('data-boot-page', path)

  // Texts that depend on the session and the day, written into the shell's empty elements
  // ([data-boot-text]) as the parser inserts them: a MutationObserver's callback runs before the
  // parser's task ends, so before any paint (written once the shell is parsed, the greeting landed after
  // the first paint and shifted the shell: bench/journal/2026-11-24-lighthouse-every-page.md). Each text is
  // React's own, built the same way.
  var texts = { greeting: 'Bem vindo ' + firstName(session.user.nome) }
  if (today) {
    var date = clinicDate(new Date())
    texts.home = 'Agendamentos dia ' + date
    texts.mine = 'Minha agenda ' + date
  }
  function fill() {
    var empty = document.querySelectorAll('[data-boot-text]')
    for (var i = 0; i < empty.length; i++) {
      var text = texts[empty[i].getAttribute('data-boot-text')]
      if (text !== undefined && empty[i].textContent === '') empty[i].textContent = text
    }
  }
  fill()
  if (typeof MutationObserver === 'function' && document.readyState === 'loading') {
    // watching only until the shell's last such element is parsed: the rest of the page is none of its business
    var observer = new MutationObserver(function () {
      fill()
      if (document.querySelector('[data-boot-text="mine"]')) observer.disconnect()
    })
    observer.observe(document.documentElement, { childList: true, subtree: true })
  }

  // src/lib/format.ts firstName: the first word, lowercased, its letters after a start, '-' or "'" capitalised
  function firstName(nome) {
    var first = nome.trim().split(/\s+/)[0] || ''
    return first.toLowerCase().replace(/(^|[-'])(\p{L})/gu, function (_, sep, letter) {
      return sep + letter.toUpperCase()
    })
  }
  // contract/clinic-time.ts: the clinic's date (UTC−3 all year, docs/product.md §12) as DD/MM/YYYY
  function clinicDate(now) {
    var iso = new Date(now.getTime() - 3 * 3600000).toISOString().slice(0, 10).split('-')
    return iso[2] + '/' + iso[1] + '/' + iso[0]
  }
})()
