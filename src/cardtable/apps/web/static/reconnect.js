// When the connection to the table is lost: try again soon (after 0.5 s, then each wait 1.5 times longer,
// never more than 5 s), at once when the browser is back online or the tab is shown again, and whenever
// the player asks ("Try now").

export const FIRST_WAIT = 500, GROWTH = 1.5, LONGEST_WAIT = 5000;

/**
 * `connect()` opens a new connection. Call `lost()` when it closes, `opened()` when it is up; `now()` tries
 * at once; `stop()` ends the retries for good (the page is left).
 */
export function retrier(connect) {
  let wait = FIRST_WAIT, timer = null, stopped = false;
  const now = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = null;
    connect();
  };
  const wake = () => { if (timer !== null && document.visibilityState !== "hidden") now(); };
  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", wake);
  return {
    lost() {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(now, wait);
      wait = Math.min(wait * GROWTH, LONGEST_WAIT);
    },
    opened() { wait = FIRST_WAIT; },
    now,
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", wake);
      document.removeEventListener("visibilitychange", wake);
    },
  };
}
