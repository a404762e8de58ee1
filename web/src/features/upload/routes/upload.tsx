import { useQueryClient } from '@tanstack/react-query';
import {
  FORM_MESSAGES,
  formatBytes,
  MEDIA_ACCEPT,
  mediaFormatForFileName,
  SESSION_MESSAGES,
  SESSION_TITLE_MAX_LENGTH,
  type MediaType,
} from '@touchline/shared';
import { FileAudio, FileVideo, Pause, Play, UploadCloud, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { refreshSessionLists } from '@/lib/sessions-api';
import { formatDuration, SpeedMeter } from '../upload-speed';
import { isSameFile, useUploadStore } from '../upload-store';
import { canTransition, type UploadTaskSnapshot } from '../upload-task';

const titleFromFileName = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, SESSION_TITLE_MAX_LENGTH);

function inferMediaType(file: File): MediaType {
  if (file.type.startsWith('audio/')) return 'audio';
  if (file.type.startsWith('video/')) return 'video';
  return mediaFormatForFileName(file.name)?.mediaType ?? 'video';
}

/** Checks what the browser can know before sending anything; the server checks the bytes again. */
function checkFile(file: File): string | null {
  if (!mediaFormatForFileName(file.name)) return SESSION_MESSAGES.unsupportedType;
  if (file.size === 0) return SESSION_MESSAGES.emptyFile;
  return null;
}

export default function UploadScreen() {
  const { task, snapshot, pending, error } = useUploadStore();
  return (
    <Page
      title="Upload a session"
      lead="Add the recording of a coaching session (audio or video). Large files upload in resumable pieces: you can pause, and an interrupted upload picks up where it stopped."
    >
      {task && snapshot ? <UploadProgress snapshot={snapshot} error={error} /> : pending ? <ResumePending /> : <UploadForm />}
    </Page>
  );
}

function FilePicker({
  onFile,
  label,
  error,
  buttonRef,
}: {
  onFile: (file: File) => void;
  label: string;
  error?: string | null;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-8 text-center transition-colors ${over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'}`}
    >
      <UploadCloud className="h-10 w-10 text-slate-400" aria-hidden />
      <p className="text-sm text-slate-600">Drop a recording here, or</p>
      <Button
        type="button"
        variant="outline"
        ref={buttonRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      <label htmlFor={id} className="sr-only">
        Recording file
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept={MEDIA_ACCEPT}
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
      <p className="text-xs text-slate-600">MP3, M4A, AAC, WAV, OGG, Opus, WebM, MP4 or MOV</p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function UploadForm() {
  const start = useUploadStore((s) => s.start);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [mediaType, setMediaType] = useState<MediaType>('video');
  const [problem, setProblem] = useState<string | null>(null);
  // A refusal by plan (a Free Trial that has ended) comes with a way to choose a plan.
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

function ResumePending() {
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
          resumePending(file);
        }}
      />
      <Button variant="ghost" onClick={() => void discardPending()}>
        Discard this upload
      </Button>
    </section>
  );
}

const STATE_LABELS: Record<UploadTaskSnapshot['state'], string> = {
  running: 'Uploading',
  pausing: 'Pausing…',
  paused: 'Paused',
  canceling: 'Canceling…',
  canceled: 'Canceled',
  error: 'Upload failed',
  success: 'Upload complete',
};

function UploadProgress({ snapshot, error }: { snapshot: UploadTaskSnapshot; error: string | null }) {
  const { task, fileName, sessionId, reset } = useUploadStore();
  const queryClient = useQueryClient();
  const meter = useRef(new SpeedMeter());
  const percent = snapshot.totalBytes ? Math.floor((snapshot.bytesTransferred / snapshot.totalBytes) * 100) : 0;
  const finished = snapshot.state === 'success' || snapshot.state === 'error' || snapshot.state === 'canceled';

  useEffect(() => {
    if (snapshot.state === 'running') meter.current.add(snapshot.bytesTransferred);
    else meter.current.reset();
  }, [snapshot]);
  useEffect(() => {
    if (!finished) return;
    void refreshSessionLists(queryClient);
  }, [finished, queryClient]);

  const speed = meter.current.bytesPerSecond();
  const left = meter.current.secondsLeft(snapshot.totalBytes);
  return (
    <section className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-6" aria-label="Upload progress">
      <div className="flex items-baseline justify-between gap-4">
        <p className="truncate font-medium text-slate-900">{fileName}</p>
        <p className="shrink-0 text-sm text-slate-600" data-testid="upload-state">
          {STATE_LABELS[snapshot.state]}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Uploaded"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
        <span data-testid="upload-percent">{percent}%</span>
        <span>
          {formatBytes(snapshot.bytesTransferred)} of {formatBytes(snapshot.totalBytes)}
        </span>
        {snapshot.state === 'running' && speed !== null && <span>{formatBytes(speed)}/s</span>}
        {snapshot.state === 'running' && left !== null && <span>{formatDuration(left)} left</span>}
      </div>
      <FormAlert>{error}</FormAlert>
      {snapshot.state === 'success' && (
        <p className="text-sm text-slate-700">
          Your session is stored and queued for analysis.{' '}
          {sessionId ? (
            <Link to={`/sessions/${sessionId}`} className="font-medium text-brand-700 underline">
              Open its report
            </Link>
          ) : (
            <Link to={paths.sessions} className="font-medium text-brand-700 underline">
              See your sessions
            </Link>
          )}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {!finished && (
          <>
            {snapshot.state === 'paused' || snapshot.state === 'pausing' ? (
              <Button onClick={() => task?.resume()} disabled={!canTransition(snapshot.state, 'resume')}>
                <Play className="h-4 w-4" aria-hidden /> Resume
              </Button>
            ) : (
              <Button variant="outline" onClick={() => task?.pause()} disabled={!canTransition(snapshot.state, 'pause')}>
                <Pause className="h-4 w-4" aria-hidden /> Pause
              </Button>
            )}
            <Button variant="ghost" onClick={() => task?.cancel()} disabled={!canTransition(snapshot.state, 'cancel')}>
              <X className="h-4 w-4" aria-hidden /> Cancel
            </Button>
          </>
        )}
        {finished && (
          <Button variant="outline" onClick={reset}>
            Upload another session
          </Button>
        )}
      </div>
    </section>
  );
}
