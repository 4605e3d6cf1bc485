// The JSON API, relative to the page, so the page works wherever the service is mounted.
// A failed answer throws an Error carrying the API's own message (and code), shown as is.

export async function ask(route, params = {}) {
  const query = new URLSearchParams(params).toString();
  let response;
  try {
    response = await fetch(query ? `${route}?${query}` : route);
  } catch {
    throw new ApiError("the service did not answer; is it still running?", "offline");
  }
  const body = await response.json().catch(() => null);
  if (!response.ok || body === null) {
    const error = body && body.error;
    throw new ApiError(error ? error.message : `${route} answered ${response.status}`,
                       error ? error.code : "http", response.status);
  }
  return body;
}

export class ApiError extends Error {
  constructor(message, code, status = 0) {
    super(message);
    this.code = code;
    this.status = status;  // 0: no answer at all
  }

  // The service failed (no answer, or a 5xx), as opposed to refusing what was asked.
  get failed() { return this.code === "offline" || this.code === "http" || this.status >= 500; }
}
