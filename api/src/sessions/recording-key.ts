/** Where a session's recording is kept once its upload is complete. */
export const recordingKey = (sessionId: string) => `sessions/${sessionId}/recording`;
