import { formatBytes, IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { isSameFile, useUploadStore } from '../upload-store';
import { FilePicker } from './file-picker';

/** An upload interrupted by a reload or a closed tab: the same file continues it. */
export function ResumePending() {
  const { pending, resumePending, discardPending } = useUploadStore();
  const [problem, setProblem] = useState<string | null>(null);
  if (!pending) return null;
  return (
    <section className="max-w-2xl space-y-4 rounded-xl border border-amber-200 bg-amber-50 p-6" aria-labelledby="resume-heading">
      <h2 id="resume-heading" className="text-lg font-semibold text-slate-900">
        Resume your upload?
      </h2>
      <p className="text-sm text-slate-700">
        The upload of <strong>{pending.fileName}</strong> ({formatBytes(pending.size)}) for “{pending.title}” was interrupted. Choose the same file again and it
        continues where it stopped.
      </p>
      <FormAlert>{problem}</FormAlert>
      <FilePicker
        label="Choose the same file"
        onFile={(file) => {
          if (!isSameFile(pending, file)) return setProblem(`That is not ${pending.fileName}. Please choose the file you were uploading.`);
          // The tus client comes with the first upload; without it (a failed download) the upload cannot go on.
          resumePending(file).catch(() => setProblem(IDENTITY_ERROR_MESSAGES['network-request-failed']));
        }}
      />
      <Button variant="ghost" onClick={() => void discardPending()}>
        Discard this upload
      </Button>
    </section>
  );
}
