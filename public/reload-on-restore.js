/* global window */
// A page restored from the back-forward cache asks the server again (app/root.tsx).
window.onpageshow = function (event) {
  if (event.persisted) window.location.reload()
}
