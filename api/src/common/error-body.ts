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

/**
 * An error answer from a library that writes its own (tus writes plain text such as `Tus-Resumable Required`),
 * with the same status in the API's error shape. A body already in that shape is kept.
 */
export async function asJsonError(response: Response): Promise<Response> {
  const text = await response.text();
  let body: ErrorBody = { statusCode: response.status, message: text.trim() || (STATUS_TEXT[response.status] ?? 'Error') };
  try {
    const parsed = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof parsed.message === 'string') body = { statusCode: response.status, message: parsed.message };
  } catch {
    // plain text: the message is the text itself
  }
  const headers = new Headers(response.headers);
  const json = JSON.stringify(body);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set('Content-Length', String(Buffer.byteLength(json)));
  return new Response(json, { status: response.status, headers });
}
