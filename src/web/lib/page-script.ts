/**
 * The only script an information page runs. Those pages are static HTML without the React runtime
 * (docs/decisions/0002-static-pages-without-runtime.md); the few things on them that need JavaScript are
 * declared with data attributes and handled here, and the React components set the same attributes, so a
 * page behaves alike whether it came as a static page from the server or was rendered by the app.
 *
 * - data-show-before="<ISO instant>": hidden from that instant on, by the visitor's clock.
 * - data-action="print": prints the page.
 * - data-action="menu-back": goes back to the page the menu was opened from (the link's href is the fallback).
 *
 * The click listener sits on window, after React's own on the document: a handler that did the work
 * calls preventDefault and this one stays out.
 */
export const pageScript = `(function(){
function timed(){var now=Date.now();document.querySelectorAll("[data-show-before]").forEach(function(el){el.hidden=now>=Date.parse(el.getAttribute("data-show-before"))})}
if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",timed);else timed();
window.addEventListener("click",function(e){if(e.defaultPrevented||!e.target.closest)return;var el=e.target.closest("[data-action]");if(!el)return;var action=el.getAttribute("data-action");
if(action==="print"){e.preventDefault();window.print()}
else if(action==="menu-back"&&history.length>1&&document.referrer.indexOf(location.origin+"/")===0){e.preventDefault();history.back()}})
})()`;
