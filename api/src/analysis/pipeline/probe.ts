import { execFile } from 'node:child_process';

/** The recording's duration in seconds from ffprobe (FFPROBE_PATH, `AnalysisSettings.ffprobePath`), or null when it does not say. */
export function probeDurationSeconds(source: string, ffprobe = 'ffprobe'): Promise<number | null> {
  return new Promise((resolve) => {
    execFile(
      ffprobe,
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', source],
      { timeout: 60_000 },
      (error, stdout) => {
        const seconds = Number.parseFloat(String(stdout).trim());
        resolve(!error && Number.isFinite(seconds) && seconds > 0 ? seconds : null);
      },
    );
  });
}
