import { readErrorBody } from '@leadcircle/shared';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

// Every failed call reaches components in this one shape (STYLE "Errors").
export interface ApiError {
  // 0 when the server was not reached or its answer was unreadable.
  status: number;
  message?: string;
  code?: string;
}

export function toApiError(error: FetchBaseQueryError): ApiError {
  if (typeof error.status === 'number') {
    const body = readErrorBody(error.data);
    return body ? { status: error.status, message: body.message, code: body.code } : { status: error.status };
  }
  return { status: error.status === 'PARSING_ERROR' ? error.originalStatus : 0 };
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).status === 'number';
}

/** The server's message, or the spec's fallback text when there is none. */
export function errorMessage(error: unknown, fallback: string): string {
  return (isApiError(error) && error.message) || fallback;
}
