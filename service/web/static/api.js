// The JSON API, relative to the page, so the page works wherever the service is mounted.
// A failed answer throws an Error carrying the API's own message (and code), shown as is.
// A lookup the service has not answered within TIMEOUT_MS fails too (the page offers Retry).
// A refusal (a position mistyped, a card no build holds) is asked to come with status 200
// (REFUSAL), its body the same: a player's typing is no failed request in the console.

export const TIMEOUT_MS = 6000;
const REFUSAL = { "Puzzledb-Refusal-Status": "200" };  // the API's header of that name (openapi.json)

export async function ask(route, params = {}) {
  const query = new URLSearchParams(params).toString();
  let response, text;
  try {
    const signal = AbortSignal.timeout(TIMEOUT_MS);  // for the whole answer, its body too
    response = await fetch(query ? `${route}?${query}` : route, { signal, headers: REFUSAL });
    text = await response.text();
  } catch (e) {
    if (e.name === "TimeoutError") {
      throw new ApiError(`the service did not answer within ${TIMEOUT_MS / 1000} s`, "timeout");
    }
    throw new ApiError("the service did not answer; is it still running?", "offline");
  }
  let body = null;
  try {
    body = parseExact(text);
  } catch {
    // not JSON: said below by the status
  }
  if (!response.ok || body === null || (body.error && typeof body.error === "object")) {
    const error = body && body.error;
    throw new ApiError(error ? error.message : `${route} answered ${response.status}`,
                       error ? error.code : "http", response.status);
  }
  return body;
}

// JSON whose whole numbers are exact: a count past 2^53 (the English board has optimal
// solutions by the 10^16) would be rounded as a Number, so it comes as a BigInt made from the
// digits the service sent; every other number stays a Number. Where the browser gives a
// reviver each value's source text, that is read; elsewhere such numbers are first quoted.
export function parseExact(text, withSource = SOURCE_TEXT) {
  if (withSource) {
    return JSON.parse(text, (key, value, context) => (
      typeof value === "number" && !Number.isSafeInteger(value) && INTEGER.test(context.source)
        ? BigInt(context.source) : value));
  }
  const quoted = text.replace(STRING_OR_LONG, (token) => (token[0] === '"' ? token : `"${MARKED}${token}"`));
  return JSON.parse(quoted, (key, value) => {
    if (typeof value !== "string" || !value.startsWith(MARK)) return value;
    const digits = value.slice(MARK.length), n = Number(digits);
    return Number.isSafeInteger(n) ? n : BigInt(digits);
  });
}

const INTEGER = /^-?\d+$/;
// a string, or a whole number of 16 digits or more (not part of a fraction or an exponent)
const STRING_OR_LONG = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![.eE\d])/g;
const MARK = "\u0000integer:";  // no string the service sends starts so
const MARKED = JSON.stringify(MARK).slice(1, -1);  // as written inside a JSON string
const SOURCE_TEXT = (() => {
  let given = false;
  JSON.parse("1", (key, value, context) => {
    given = Boolean(context && context.source === "1");
    return value;
  });
  return given;
})();

export class ApiError extends Error {
  constructor(message, code, status = 0) {
    super(message);
    this.code = code;
    this.status = status;  // 0: no answer at all
  }

  // The service failed (no answer, none in time, or a 5xx), as opposed to refusing what was asked.
  get failed() { return ["offline", "timeout", "http"].includes(this.code) || this.status >= 500; }
}
