/**
 * Calls to the product API (`/api/v1`). Every call carries the session's bearer token; a non-2xx
 * answer throws an ApiError whose message keeps the spec's wording ('API call failed: {status} {body}').
 */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type TokenProvider = () => Promise<string | null | undefined>;

const settings: { baseUrl: string; getAccessToken: TokenProvider } = {
  baseUrl: "/api/v1",
  getAccessToken: async () => null,
};

/** Wires the client to the auth session (done once by the auth provider) or to another origin. */
export function configureApiClient(options: Partial<{ baseUrl: string; getAccessToken: TokenProvider }>) {
  Object.assign(settings, options);
}

export function apiUrl(path: string): string {
  return `${settings.baseUrl}${path.startsWith("/") ? path : `/${path}`}`;
}

async function requireToken(): Promise<string> {
  const token = await settings.getAccessToken();
  if (!token) throw new Error("No authentication token available");
  return token;
}

function parseDetail(body: string): unknown {
  try {
    const parsed = JSON.parse(body) as { detail?: unknown; message?: unknown };
    return parsed?.detail ?? parsed?.message;
  } catch {
    return undefined;
  }
}

/** Fetches with auth; answers the Response when it is 2xx. Bodies that are plain objects go as JSON. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = await requireToken();
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  let body = init.body;
  const isRawBody =
    body == null ||
    typeof body === "string" ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body);
  if (!isRawBody) body = JSON.stringify(body);
  if (body != null && !(body instanceof FormData) && !headers.has("Content-Type")) {
    headers.set("Content-Type", "application/json");
  }
  if (!headers.has("Accept")) headers.set("Accept", "application/json");

  const response = await fetch(apiUrl(path), { ...init, headers, body });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ApiError(`API call failed: ${response.status} ${text}`, response.status, parseDetail(text));
  }
  return response;
}

/** Like apiFetch, and parses the JSON answer (undefined for 204). */
export async function apiJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await apiFetch(path, init);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Reads the file name from a Content-Disposition header (RFC 6266 `filename*` first). */
export function filenameFromContentDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (!plain) return undefined;
  return (plain[2] ?? plain[1]).trim();
}

/** Downloads a binary answer with its file name. */
export async function apiBlob(path: string, init: RequestInit = {}): Promise<{ blob: Blob; filename?: string }> {
  const headers = new Headers(init.headers);
  if (!headers.has("Accept")) headers.set("Accept", "*/*");
  const response = await apiFetch(path, { ...init, headers });
  const blob = await response.blob();
  return { blob, filename: filenameFromContentDisposition(response.headers.get("Content-Disposition")) };
}

/**
 * Uploads multipart form data, reporting progress (0-100). fetch() cannot report upload progress,
 * so this goes through XMLHttpRequest.
 */
export async function apiUpload<T>(
  path: string,
  formData: FormData,
  onProgress?: (percent: number) => void,
  init: { method?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const token = await requireToken();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? "POST", apiUrl(path));
    xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const text = xhr.responseText ?? "";
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        try {
          resolve((text ? JSON.parse(text) : undefined) as T);
        } catch {
          reject(new ApiError(`Unexpected answer from the server: ${text.slice(0, 200)}`, xhr.status));
        }
        return;
      }
      const detail = parseDetail(text);
      const message = typeof detail === "string" && detail ? detail : `API call failed: ${xhr.status} ${text}`;
      reject(new ApiError(message, xhr.status, detail));
    };
    xhr.onerror = () => reject(new ApiError("Upload failed: the server could not be reached", 0));
    xhr.onabort = () => reject(new ApiError("Upload cancelled", 0));
    init.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(formData);
  });
}
