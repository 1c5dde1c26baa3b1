// Runs before the first paint (a tiny classic script in <head>: the CSP allows no inline script). It
// tells the static shell in index.html which frame the app will open on, so that the page paints at
// once instead of staying blank until React renders: the route guards send a visitor without a session
// to /login and a signed-in user away from it, so the session alone decides. The app's own check
// (src/lib/session.ts) is stricter; a malformed session shows the header frame for a moment, never data.
/* global document, localStorage */
;(function () {
  var frame = 'login'
  try {
    var session = JSON.parse(localStorage.getItem('clinica.session') || 'null')
    if (session && typeof session.token === 'string' && session.user && typeof session.user.nome === 'string')
      frame = 'app'
  } catch {
    // no storage (private mode) or a corrupt value: the app treats it as signed out too
  }
  document.documentElement.setAttribute('data-boot', frame)
})()
