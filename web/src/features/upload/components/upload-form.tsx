import { useQueryClient } from '@tanstack/react-query';
import { FORM_MESSAGES, formatBytes, SESSION_TITLE_MAX_LENGTH, type MediaType } from '@touchline/shared';
import { FileAudio, FileVideo, UploadCloud } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { UploadAllowance } from '@/components/upload-allowance';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { refreshSessionLists } from '@/lib/sessions-api';
import { checkFile, inferMediaType, titleFromFileName } from '../chosen-file';
import { useUploadStore } from '../upload-store';
import { FilePicker } from './file-picker';

/** A new upload: the recording, its title and media type. */
export function UploadForm() {
  const start = useUploadStore((s) => s.start);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [mediaType, setMediaType] = useState<MediaType>('video');
  const [problem, setProblem] = useState<string | null>(null);
  // A refusal by plan (a Free Trial that has ended, the month's upload minutes used) comes with a way to choose a plan.
  const [planProblem, setPlanProblem] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [titleProblem, setTitleProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Where focus goes when the picker it was on goes away: the title after a file is chosen, the picker after "Change".
  const titleField = useRef<HTMLInputElement>(null);
  const pickerButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'title' | 'picker' | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    (focusNext.current === 'title' ? titleField : pickerButton).current?.focus();
    focusNext.current = null;
  }, [file]);

  function choose(chosen: File) {
    const refusal = checkFile(chosen);
    setFileProblem(refusal);
    if (refusal) return setFile(null);
    setFile(chosen);
    setMediaType(inferMediaType(chosen));
    setTitle((current) => current || titleFromFileName(chosen.name));
    setTitleProblem(null);
    focusNext.current = 'title';
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missingFile = file ? null : FORM_MESSAGES.sessionFile;
    const missingTitle = title.trim() ? null : FORM_MESSAGES.sessionTitle;
    setFileProblem(missingFile);
    setTitleProblem(missingTitle);
    if (!file) return pickerButton.current?.focus();
    if (missingTitle) return titleField.current?.focus();
    setBusy(true);
    setProblem(null);
    setPlanProblem(false);
    try {
      await start(file, title.trim(), mediaType);
      void refreshSessionLists(queryClient);
    } catch (e) {
      const refusal = readApiError(e);
      setPlanProblem(refusal?.status === 403);
      setProblem(refusal?.message ?? (e instanceof Error ? e.message : String(e)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="max-w-2xl space-y-6" noValidate>
      <UploadAllowance />
      <FormAlert>
        {problem && (
          <>
            {problem}
            {planProblem && (
              <>
                {' '}
                <Link to={paths.pricing} className="font-semibold underline">
                  Choose a plan
                </Link>
              </>
            )}
          </>
        )}
      </FormAlert>
      {file ? (
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
          {mediaType === 'audio' ? <FileAudio className="h-8 w-8 text-brand-600" aria-hidden /> : <FileVideo className="h-8 w-8 text-brand-600" aria-hidden />}
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900" data-testid="chosen-file">
              {file.name}
            </p>
            <p className="text-sm text-slate-500">{formatBytes(file.size)}</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Change the file (${file.name})`}
            onClick={() => {
              focusNext.current = 'picker';
              setFile(null);
            }}
          >
            Change
          </Button>
        </div>
      ) : (
        <FilePicker onFile={choose} label="Choose a file" error={fileProblem} buttonRef={pickerButton} />
      )}
      <TextField
        ref={titleField}
        id="session-title"
        name="title"
        label="Title"
        value={title}
        maxLength={SESSION_TITLE_MAX_LENGTH}
        error={titleProblem}
        onChange={(e) => setTitle(e.target.value)}
        placeholder="U12 training, passing drills"
      />
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700">Media type</legend>
        <div className="flex gap-6 pt-1">
          {(['video', 'audio'] as const).map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="radio" name="media-type" value={type} checked={mediaType === type} onChange={() => setMediaType(type)} />
              {type === 'video' ? 'Video' : 'Audio'}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={busy}>
        <UploadCloud className="h-4 w-4" aria-hidden /> Upload
      </Button>
    </form>
  );
}
