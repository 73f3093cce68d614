// The pins (which version of each remote is live) are asked for while the shell's script
// downloads, not after it has run: the first page's remote waits for them. The shell takes
// this answer once (src/federation/pins.ts), then fetches its own. A file of its own, not
// inline in index.html, because the Content-Security-Policy admits no inline script.
window.__yaoshiPins = fetch('/remotes.json', { cache: 'no-store' });
window.__yaoshiPins.catch(function () {});
