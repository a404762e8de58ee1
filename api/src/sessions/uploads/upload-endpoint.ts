/** Where the tus server listens; a new session's answer points its upload here. */
export const UPLOAD_ENDPOINT = '/api/uploads';
