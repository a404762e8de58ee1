import type { MediaType } from '@touchline/shared';
import { create } from 'zustand';
import { freshAccessToken } from '@/lib/api-client';
import { createSession, deleteSession } from '@/lib/sessions-api';
import { loadTusClient, UploadTask, type UploadTaskSnapshot } from './upload-task';

/** The upload in progress, kept in this browser so that a reload can offer to resume it. */
export interface PendingUpload {
  sessionId: string;
  title: string;
  mediaType: MediaType;
  fileName: string;
  size: number;
  lastModified: number;
  endpoint: string;
}

export const PENDING_UPLOAD_KEY = 'pendingUpload';

export function readPendingUpload(): PendingUpload | null {
  try {
    const value = JSON.parse(localStorage.getItem(PENDING_UPLOAD_KEY) ?? 'null') as PendingUpload | null;
    return value && typeof value.sessionId === 'string' ? value : null;
  } catch {
    return null;
  }
}

function writePendingUpload(value: PendingUpload | null): void {
  if (value) localStorage.setItem(PENDING_UPLOAD_KEY, JSON.stringify(value));
  else localStorage.removeItem(PENDING_UPLOAD_KEY);
}

export const isSameFile = (pending: PendingUpload, file: File) =>
  pending.fileName === file.name && pending.size === file.size && pending.lastModified === file.lastModified;

interface UploadState {
  task: UploadTask | null;
  snapshot: UploadTaskSnapshot | null;
  fileName: string | null;
  sessionId: string | null;
  error: string | null;
  /** An upload interrupted by a reload or a closed tab, waiting for its file to be chosen again. */
  pending: PendingUpload | null;
  start(file: File, title: string, mediaType: MediaType): Promise<void>;
  resumePending(file: File): Promise<void>;
  discardPending(): Promise<void>;
  reset(): void;
}

/**
 * The session's upload lives here, not in the screen: it carries on while the coach moves around the app,
 * and the screen shows it again on return.
 */
export const useUploadStore = create<UploadState>((set, get) => {
  function run(task: UploadTask, sessionId: string, fileName: string) {
    set({ task, snapshot: task.snapshot, sessionId, fileName, error: null, pending: null });
    task.on((snapshot) => {
      if (get().task === task) set({ snapshot });
    });
    task.done.then(
      () => {
        writePendingUpload(null);
      },
      (error: Error & { code?: string }) => {
        // A refused or cancelled upload has no session left on the server; a failed one may be resumed.
        if (error.code !== 'retry-limit-exceeded') writePendingUpload(null);
        if (get().task === task) set({ error: error.code === 'canceled' ? null : error.message });
      },
    );
  }

  return {
    task: null,
    snapshot: null,
    fileName: null,
    sessionId: null,
    error: null,
    pending: readPendingUpload(),

    async start(file, title, mediaType) {
      set({ error: null });
      const [created] = await Promise.all([createSession({ title, mediaType, fileName: file.name, sizeBytes: file.size }), loadTusClient()]);
      const pending: PendingUpload = {
        sessionId: created.session.id,
        title,
        mediaType,
        fileName: file.name,
        size: file.size,
        lastModified: file.lastModified,
        endpoint: created.upload.endpoint,
      };
      writePendingUpload(pending);
      const task = new UploadTask(file, { endpoint: created.upload.endpoint, metadata: created.upload.metadata, accessToken: freshAccessToken });
      run(task, created.session.id, file.name);
    },

    async resumePending(file) {
      const pending = get().pending;
      if (!pending) return;
      await loadTusClient();
      const task = new UploadTask(file, {
        endpoint: pending.endpoint,
        metadata: { sessionId: pending.sessionId },
        accessToken: freshAccessToken,
        resumePrevious: true,
      });
      run(task, pending.sessionId, file.name);
    },

    async discardPending() {
      const pending = get().pending;
      if (!pending) return;
      await deleteSession(pending.sessionId).catch(() => undefined);
      writePendingUpload(null);
      set({ pending: null });
    },

    reset() {
      set({ task: null, snapshot: null, fileName: null, sessionId: null, error: null, pending: readPendingUpload() });
    },
  };
});
