/* global document, requestAnimationFrame */
// Decision 0026: a page whose first screen the server rendered is worth seeing before the app's
// code arrives. The API puts this script (deferred, so fetched at low priority) in place of the
// entry script and its module preloads, whose addresses it carries, and it asks for them once
// the page has painted: a frame after it runs, or at once in a tab nobody is looking at.
(function () {
  var script = document.currentScript;
  if (!script) return;
  var entry = script.getAttribute('data-entry');
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started || !entry) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  if (document.visibilityState === 'hidden') {
    start();
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
})();
