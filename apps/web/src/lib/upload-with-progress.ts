import { readErrorBody } from '@leadcircle/shared';
import type { ApiError } from './api-error';
import { readStoredSession } from './session-storage';

/**
 * POSTs a multipart body with the session's bearer token, telling how much of it has gone up (0 to 1): fetch
 * cannot tell an upload's progress, XMLHttpRequest can. Answers the JSON body; a failure rejects with an ApiError
 * (status 0 when the server was not reached). The session rule (refresh after a 401) is the caller's.
 */
export function uploadWithProgress(
  url: string,
  body: FormData,
  onProgress: (fraction: number) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    const { accessToken } = readStoredSession();
    if (accessToken) request.setRequestHeader('authorization', `Bearer ${accessToken}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let answer: unknown;
      try {
        answer = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        answer = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(answer);
        return;
      }
      const error = readErrorBody(answer);
      const failure: ApiError = error
        ? { status: request.status, message: error.message, code: error.code }
        : { status: request.status };
      reject(failure);
    });
    request.addEventListener('error', () => reject({ status: 0 } satisfies ApiError));
    request.addEventListener('abort', () => reject({ status: 0 } satisfies ApiError));
    request.send(body);
  });
}
