import { HttpException, HttpStatus } from '@nestjs/common';

export interface ErrorBody {
  statusCode: number;
  message: string;
}

const STATUS_TEXT: Record<number, string> = Object.fromEntries(
  Object.entries(HttpStatus)
    .filter((e): e is [string, number] => typeof e[1] === 'number')
    .map(([name, code]) => [code, name.charAt(0) + name.slice(1).toLowerCase().replace(/_/g, ' ')]),
);

/** Turns anything thrown into the one error shape the API answers with: `{ statusCode, message }`. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof HttpException) {
    const statusCode = error.getStatus();
    const response = error.getResponse();
    const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    const message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' && raw ? raw : STATUS_TEXT[statusCode];
    return { statusCode, message: message ?? 'Error' };
  }
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
}
