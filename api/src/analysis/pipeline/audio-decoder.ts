import { spawn } from 'node:child_process';

export const SAMPLE_RATE = 16_000;

/**
 * A recording that cannot be analysed, with the reason a coach reads. `retryable` says whether trying again can
 * succeed: a damaged file or one without sound fails the same way every time; a server without ffmpeg does not.
 */
export class DecodeError extends Error {
  override readonly name = 'DecodeError';

  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

/** What a coach reads when a recording cannot be analysed, from ffmpeg's own diagnosis. */
function reasonFrom(stderr: string): string {
  if (/does not contain any stream|Output file #0 does not contain|matches no streams|no audio/i.test(stderr)) {
    return 'The recording has no audio track, so there is no speech to analyse.';
  }
  if (/Invalid data found|could not find codec parameters|moov atom not found|EBML header parsing failed|Header missing/i.test(stderr)) {
    return 'The recording could not be read: the file is damaged or incomplete.';
  }
  return 'The recording could not be decoded.';
}

/**
 * Decodes any recording ffmpeg can read into 16 kHz mono PCM, streamed: `onSamples` receives Float32 samples
 * in order, in pieces, so memory does not grow with the recording. Resolves with the number of samples.
 *
 * `source` is a file path or an HTTP(S) URL that serves Range requests (a presigned S3 URL): MP4 and MOV files
 * from phones often keep their index at the end, which ffmpeg can only reach on a seekable input, not a pipe.
 * `ffmpeg` is the program (FFMPEG_PATH, `AnalysisSettings.ffmpegPath`).
 */
export function decodeToPcm(source: string, onSamples: (samples: Float32Array) => void | Promise<void>, ffmpeg = 'ffmpeg'): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpeg,
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', source, '-vn', '-map', '0:a:0', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', 'pipe:1'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    let total = 0;
    let carry: Buffer | null = null;
    let failed = false;
    let consuming: Promise<unknown> = Promise.resolve();
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      child.kill('SIGKILL');
      reject(error);
    };
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        new DecodeError(
          error.code === 'ENOENT'
            ? 'The server cannot analyse recordings yet: ffmpeg is not installed. Please ask your administrator, then try again.'
            : `ffmpeg could not be started: ${error.message}`,
          true,
        ),
      ),
    );
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-8000)));

    child.stdout.on('data', (chunk: Buffer) => {
      const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % 2);
      carry = whole < bytes.length ? bytes.subarray(whole) : null;
      const samples = new Float32Array(whole / 2);
      for (let i = 0; i < samples.length; i += 1) samples[i] = bytes.readInt16LE(i * 2) / 32768;
      total += samples.length;
      // One piece at a time, in order: ffmpeg waits while the consumer works (back-pressure).
      child.stdout.pause();
      consuming = consuming
        .then(() => onSamples(samples))
        .then(
          () => child.stdout.resume(),
          (error: Error) => fail(error),
        );
    });
    child.on('close', (code) => {
      // The stream can end while the last piece is still being consumed; finish it first.
      void consuming.then(() => {
        if (failed) return;
        if (code !== 0) return fail(new DecodeError(reasonFrom(stderr)));
        if (total === 0) return fail(new DecodeError('The recording has no sound in it: its audio track is empty.'));
        resolve(total);
      });
    });
  });
}
