/**
 * Playwright's clock replaces `Date` with a function that returns native dates, so a class that extends Date
 * (TZDate, which the site's Oslo-time rules use) silently loses its own methods and works in UTC: a page
 * under the test clock would show 27 November for a camp that starts the 28th. Run after the clock is
 * installed, this puts a `Date` in front of it that keeps the clock's time and lets classes extend it.
 * A string, not a function: the test runner's transform would add helpers the page does not have.
 */
export const subclassableDate = `(() => {
  const ClockDate = window.Date;
  if (!window.__pwClock || ClockDate.subclassable) return;
  const NativeDate = Object.getPrototypeOf(new ClockDate(0)).constructor;
  function Date(...args) {
    if (!new.target) return ClockDate(...args);
    const target = new.target === Date ? NativeDate : new.target;
    return Reflect.construct(NativeDate, args.length === 0 ? [ClockDate.now()] : args, target);
  }
  Date.prototype = NativeDate.prototype;
  Date.now = () => ClockDate.now();
  Date.parse = ClockDate.parse;
  Date.UTC = ClockDate.UTC;
  Date.subclassable = true;
  window.Date = Date;
})();`;
