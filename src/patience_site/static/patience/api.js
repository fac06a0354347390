// The JSON API. Errors are {detail}; a failed call throws ApiError
// (status 0 = the server could not be reached).

export class ApiError extends Error {
  constructor(detail, status, data) {
    super(detail || `HTTP ${status}`);
    this.detail = detail;
    this.status = status;
    this.data = data;
  }
}

function csrfToken(root) {
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  if (m) return decodeURIComponent(m[1]);
  const input = root.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

export function makeApi(root) {
  const base = root.dataset.api || "/api";
  async function call(method, path, body) {
    let resp;
    try {
      resp = await fetch(base + path, {
        method,
        credentials: "same-origin",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/json",
          "X-CSRFToken": csrfToken(root),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new ApiError(null, 0, null);
    }
    let data = null;
    try {
      data = await resp.json();
    } catch (err) {
      data = null;
    }
    if (!resp.ok) throw new ApiError(data && data.detail, resp.status, data);
    return data;
  }
  return {
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body || {}),
  };
}
