// A server-rendered public page (deploy/src/public-pages, startOnIntent) is complete without
// the browser's site: its links are real links, /verify's form a plain form. The site's
// script (main.js, React and the whole shell: most of a phone's main-thread time on such a
// page) therefore starts on the visitor's first intent (a press, a touch, a key, a focus),
// not at load; it is prefetched after the load event (data-prefetch: main.js and the page's
// remote), so the takeover is quick and nothing competes with the page's first paint. A signed-in
// visitor (their header, their pages) and a page without server markup start at once; a
// page with a part only the browser draws (the home page's login box) starts when that part
// is on screen.
// With `data-hydrate` the site hydrates the server's nodes (src/federation/hydration.ts);
// without, it builds the page aside and swaps it in (src/federation/server-page.ts).
// A press of a button before the site has started is kept in `__yaoshiPressed` and pressed
// again once the browser's page is in; text typed meanwhile reaches the browser's page too. A file of its own: the Content-Security-Policy admits no inline script.
(function () {
  var script = document.currentScript;
  var main = script && script.getAttribute('data-main');
  if (!main) return;
  // A desktop visitor's mouse moving or wheel turning says they are there too: the site is
  // then in before they reach a search box or a pager (parts only the browser draws).
  var intents = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mousemove', 'wheel'];
  var started = false;
  // In order: the early pins request (early-pins.js, data-pins) while main.js downloads, then main.js.
  function addScript(src) {
    var tag = document.createElement('script');
    tag.src = src;
    tag.async = false;
    document.body.appendChild(tag);
  }
  function start() {
    if (started) return;
    started = true;
    intents.forEach(function (type) {
      document.removeEventListener(type, start, true);
    });
    var pins = script.getAttribute('data-pins');
    if (pins) addScript(pins);
    addScript(main);
  }
  // After the load event, at low priority: fetched before the load, these files would share
  // the phone's bandwidth with the page's own text and images (its largest paint).
  var later = (script.getAttribute('data-prefetch') || '').split(' ').filter(Boolean);
  function prefetch() {
    if (started) return;
    later.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      document.head.appendChild(link);
    });
  }
  // An article's view (the server names it: data-view, data-postid) is counted once per page
  // load, after the load event, whether or not the visitor ever touches the page: main.js is
  // not needed for it. The browser's article page, if the site takes over, then opens this
  // same article without counting it again (`__yaoshiViewCounted`, read once by
  // public-content's article-api.ts); a later article opened in the site counts as before.
  var view = script.getAttribute('data-view');
  var postid = Number(script.getAttribute('data-postid'));
  if (view && postid > 0 && typeof fetch === 'function') {
    window.__yaoshiViewCounted = postid;
    var countView = function () {
      fetch(view, {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        referrerPolicy: 'no-referrer',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ postid: postid }),
      }).catch(function () {
        // Offline or refused (the per-address limit): this view goes uncounted.
      });
    };
    if (document.readyState === 'complete') countView();
    else window.addEventListener('load', countView, { once: true });
  }
  if (document.readyState === 'complete') setTimeout(prefetch, 0);
  else
    window.addEventListener(
      'load',
      function () {
        setTimeout(prefetch, 0);
      },
      { once: true },
    );
  var root = document.getElementById('root');
  document.addEventListener(
    'click',
    function (event) {
      var target = event.target;
      var button = target && target.closest ? target.closest('button') : null;
      if (button && button.type !== 'submit' && root && root.contains(button)) window.__yaoshiPressed = button;
    },
    true,
  );
  var signedIn = false;
  try {
    signedIn = localStorage.getItem('isLogin') === 'true';
  } catch {
    // Storage refused (privacy mode): a visitor without a session.
    signedIn = false;
  }
  if (signedIn || !root || !root.firstElementChild) return start();
  intents.forEach(function (type) {
    document.addEventListener(type, start, { capture: true, passive: true });
  });
  // What only the browser's site draws (the home page's login box: its place is marked
  // data-takeover="visible") starts it once on screen.
  // Only on a wide screen (768 px and up, the breakpoint of index.html): on a phone the box is
  // in the first screen too, and starting there at load is the main-thread time this file
  // saves; a tap on its place (an intent) starts the site.
  var drawnByBrowser = root.querySelectorAll('[data-takeover="visible"]');
  if (drawnByBrowser.length === 0 || !window.matchMedia('(min-width: 768px)').matches) return;
  if (!('IntersectionObserver' in window)) return start();
  var watcher = new IntersectionObserver(function (entries) {
    if (
      !entries.some(function (entry) {
        return entry.isIntersecting;
      })
    )
      return;
    watcher.disconnect();
    start();
  });
  drawnByBrowser.forEach(function (place) {
    watcher.observe(place);
  });
})();
