import { ApiError } from './api-client.ts';

/**
 * Sends one file as multipart/form-data, with text `fields` before it, reporting upload progress
 * (0–100) as it goes: fetch cannot report upload progress, so this uses XMLHttpRequest.
 */
export function uploadFile<T>(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error: the file could not be sent'));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: keep the text
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const message =
        body && typeof body === 'object' && 'message' in body
          ? String(body.message)
          : xhr.responseText || xhr.statusText;
      reject(new ApiError(xhr.status, `${xhr.status}: ${message}`));
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    xhr.send(form);
  });
}
