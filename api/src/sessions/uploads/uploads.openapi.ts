import type { OpenAPIObject } from '@nestjs/swagger';
import { UPLOAD_ENDPOINT } from './upload-endpoint';

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBodyDto' } } } });
const header = (name: string, schema: object, description: string, required = true) => ({ name, in: 'header' as const, required, description, schema });
const tusResumable = header('Tus-Resumable', { type: 'string', enum: ['1.0.0'] }, 'The tus protocol version');
const uploadId = { name: 'id', in: 'path' as const, required: true, schema: { type: 'string', pattern: '^[0-9a-f]{32}$' } };
const security = [{ bearer: [] }];
/** tus metadata: the key, a space, and standard base64 whose length is a multiple of 4. */
const BASE64_SESSION_ID = '^sessionId (?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2}==)$';
const common = {
  '401': error('No access token, or one that is invalid or expired'),
  '404': error("No such upload, or not the caller's"),
  '412': error('Tus-Resumable is missing'),
};

/**
 * The tus endpoint (https://tus.io/protocols/resumable-upload) in the OpenAPI document. It is served by
 * @tus/server outside Nest's router, so it is described here rather than by decorators.
 */
export function describeUploads(document: OpenAPIObject, maxBytes: number): void {
  document.paths[UPLOAD_ENDPOINT] = {
    post: {
      tags: ['uploads'],
      summary: "Creates the upload of a session's recording (tus creation)",
      security,
      parameters: [
        tusResumable,
        header('Upload-Length', { type: 'integer', minimum: 1, maximum: maxBytes }, 'The exact size declared for the session'),
        header('Upload-Metadata', { type: 'string', pattern: BASE64_SESSION_ID }, 'sessionId, base64-encoded'),
      ],
      responses: {
        '201': { description: 'Created; Location names the upload', headers: { Location: { schema: { type: 'string' } } } },
        '400': error("A malformed or missing tus header, or a size other than the session's"),
        ...common,
        '404': error("No such session, or not the caller's"),
        '409': error('The recording is already uploaded'),
        '413': error('Larger than MAX_UPLOAD_BYTES'),
      },
    },
    options: {
      tags: ['uploads'],
      summary: "The server's tus capabilities",
      responses: { '204': { description: 'Tus-Version, Tus-Extension and Tus-Max-Size headers' } },
    },
  };
  document.paths[`${UPLOAD_ENDPOINT}/{id}`] = {
    parameters: [uploadId],
    head: {
      tags: ['uploads'],
      summary: 'How much of the upload the server has (Upload-Offset)',
      security,
      parameters: [tusResumable],
      responses: { '200': { description: 'Upload-Offset and Upload-Length headers' }, '400': error('A malformed tus header'), ...common },
    },
    patch: {
      operationId: 'UploadsAppend',
      tags: ['uploads'],
      summary: 'Appends bytes at Upload-Offset',
      security,
      parameters: [tusResumable, header('Upload-Offset', { type: 'integer', minimum: 0 }, 'Where these bytes go')],
      requestBody: { required: true, content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      responses: {
        '204': { description: 'Stored; Upload-Offset is the new offset' },
        '400': error('A malformed tus header'),
        '403': error('Upload-Offset or Content-Type is missing'),
        ...common,
        '409': error('Upload-Offset is not where the upload stands'),
        '410': error('The upload has expired'),
        '413': error("More bytes than the upload's length"),
        '415': error('The finished recording is not a supported format'),
      },
    },
    delete: {
      tags: ['uploads'],
      summary: 'Cancels an unfinished upload and removes its session',
      security,
      parameters: [tusResumable],
      responses: { '204': { description: 'Cancelled' }, '400': error('A malformed tus header, or the upload is already finished'), ...common },
    },
  };
}
