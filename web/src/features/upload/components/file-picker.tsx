import { MEDIA_ACCEPT } from '@touchline/shared';
import { UploadCloud } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type Ref } from 'react';
import { Button } from '@/components/ui/button';

/** A drop zone with a button that opens the browser's file dialog, limited to the media the product accepts. */
export function FilePicker({
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
