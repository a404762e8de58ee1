import { expect } from 'vitest';
import { bearer } from './tokens';

/** Creates a session and sends its recording in one tus creation-with-upload request; answers the session id. */
export async function uploadSession(apiUrl: string, token: string, fileName: string, data: Buffer, mediaType = 'audio'): Promise<string> {
  const res = await fetch(`${apiUrl}/api/sessions`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ title: fileName, mediaType, fileName, sizeBytes: data.length }),
  });
  expect(res.status).toBe(201);
  const created = (await res.json()) as { session: { id: string } };
  const upload = await fetch(`${apiUrl}/api/uploads`, {
    method: 'POST',
    headers: {
      ...bearer(token),
      'tus-resumable': '1.0.0',
      'upload-length': String(data.length),
      'upload-metadata': `sessionId ${Buffer.from(created.session.id).toString('base64')}`,
      'content-type': 'application/offset+octet-stream',
    },
    body: data,
  });
  expect(upload.status).toBe(201);
  return created.session.id;
}
