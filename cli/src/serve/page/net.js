// The workbench's requests to its server: a count of those in flight (the page's `data-busy`,
// which the browser tests wait on), a message while the server does not answer, and answers
// sequenced so that only the latest of a kind is used.

/** @type {(busy: number) => void} */
let onBusy = () => {};
/** @type {(ok: boolean, what: string) => void} */
let onReach = () => {};
let busy = 0;

/**
 * Where the count of requests in flight and the server's reachability are shown.
 * @param {(busy: number) => void} busyShown
 * @param {(ok: boolean, what: string) => void} reachShown
 */
export function report(busyShown, reachShown) {
  onBusy = busyShown;
  onReach = reachShown;
}

/**
 * One more (1) or one fewer (-1) piece of work in flight.
 * @param {number} d
 */
export function setBusy(d) {
  busy += d;
  onBusy(busy);
}

/**
 * `fetch`, saying when the server does not answer at all (not an error answer).
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<Response>}
 */
export async function send(url, init) {
  try {
    const r = await fetch(url, init);
    onReach(true, '');
    return r;
  } catch (e) {
    onReach(false, url.split('?')[0]);
    throw e;
  }
}

/**
 * A JSON answer; `offline` when the server did not answer.
 * @typedef {{ok: boolean, offline?: boolean, body: any}} Answer
 */

/**
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<Answer>}
 */
export async function getJson(url, init) {
  setBusy(1);
  try {
    const r = await send(url, init);
    const body = await r.json();
    return { ok: r.ok, body };
  } catch (e) {
    return { ok: false, offline: true, body: { error: String(e) } };
  } finally {
    setBusy(-1);
  }
}

/**
 * A sequencer: `latest(() => ask())` answers the question's answer, or null when a later
 * question was asked meanwhile (its answer is the one to use).
 * @returns {<T>(ask: () => Promise<T>) => Promise<T|null>}
 */
export function sequencer() {
  let asked = 0;
  return async (ask) => {
    const mine = ++asked;
    const answer = await ask();
    return mine === asked ? answer : null;
  };
}
