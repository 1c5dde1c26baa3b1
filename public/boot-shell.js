// Runs before the first paint (a tiny classic script in <head>: the CSP allows no inline script). It
// tells the static shell in index.html which frame the app will open on, so that the page paints at
// once instead of staying blank until React renders: the route guards send a visitor without a session
// to /login and a signed-in user away from it, so the session alone decides. The app's own check
// (src/lib/session.ts) is stricter; a malformed session shows the header frame for a moment, never data.
/* global document, localStorage, location */
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
  // The page's heading too, on the pages whose heading is fixed text (index.html has each one, hidden): the
  // largest text of the first paint, instead of after the route's chunk (docs/performance.md, "Lighthouse on
  // every main page"). Admin pages only for an administrator (the guard sends anyone else to '/').
  if (frame === 'app') {
    var path = location.pathname.replace(/\/+$/, '')
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
    if (titled.indexOf(path) >= 0 && (!admin || session.user.role === 'ADMIN'))
      document.documentElement.setAttribute('data-boot-page', path)
  }
})()
