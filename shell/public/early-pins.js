// The pins (which version of each remote is live) are asked for while the shell's script
// downloads, not after it has run: the first page's remote waits for them. The shell takes
// this answer once (src/federation/pins.ts), then fetches its own. A file of its own, not
// inline in index.html, because the Content-Security-Policy admits no inline script.
// A logged-in learner's token goes with it: a canary share follows the learner. Same
// request as pinsRequestInit() in src/federation/pins.ts.
(function () {
  var token = null;
  try {
    token = localStorage.getItem('token');
  } catch {
    // Storage refused (privacy mode): asked for as an anonymous visitor.
    token = null;
  }
  var init = { credentials: 'same-origin', cache: 'no-store' };
  if (token) init.headers = { authorization: 'Bearer ' + token };
  window.__yaoshiPins = fetch('/remotes.json', init);
  window.__yaoshiPins.catch(function () {});
})();
