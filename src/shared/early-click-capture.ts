// The one inline script of our pages, first in <body> (vite.config.ts puts it there), allowed by its hash in the
// Content-Security-Policy (server/http/security.ts). A prerendered page is painted before React hydrates it, and a
// click on one of its buttons meanwhile would be lost; this remembers the last click on a button that does nothing
// without JavaScript, from the first paint, and web/lib/early-clicks.ts replays it once the page has hydrated
// (decision 063). Plain ES5, run as it is written: its hash is taken from this text.
export const EARLY_CLICK_CAPTURE =
  '(function(){var early=window.__earlyClick={button:null,stop:function(){removeEventListener("click",remember,true)}};' +
  'function remember(event){var button=event.target instanceof Element&&event.target.closest(\'button[type="button"]\');' +
  'if(button&&!button.disabled)early.button=button}addEventListener("click",remember,true)})()';
