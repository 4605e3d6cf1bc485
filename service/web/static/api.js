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
                       error ? error.code : "http");
  }
  return body;
}

export class ApiError extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}
