// The one inline script of our pages, first in <body> (vite.config.ts puts it there), allowed by its hash in the
// Content-Security-Policy (server/http/security.ts). A prerendered page is painted before React hydrates it; a
// click on one of its buttons meanwhile would be lost, and a form sent would reload the page. From the first paint
// this remembers the last click on a button that does nothing without JavaScript, and holds back a form sent (one
// without an `action`, which only the app can send); web/lib/early-input.ts replays either once the page has
// hydrated (decision 063). Plain ES5, run as it is written: its hash is taken from this text.
export const EARLY_INPUT_CAPTURE =
  '(function(){var early=window.__earlyInput={button:null,form:null,submitter:null,stop:function(){' +
  'removeEventListener("click",click,true);removeEventListener("submit",submit,true)}};' +
  'function click(event){var button=event.target instanceof Element&&event.target.closest(\'button[type="button"]\');' +
  'if(button&&!button.disabled){early.button=button;early.form=null}}' +
  'function submit(event){var form=event.target;if(!(form instanceof HTMLFormElement)||form.hasAttribute("action"))return;' +
  'event.preventDefault();early.form=form;early.submitter=event.submitter||null;early.button=null}' +
  'addEventListener("click",click,true);addEventListener("submit",submit,true)})()';
