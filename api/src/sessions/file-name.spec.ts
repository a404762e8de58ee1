import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from './file-name';

describe('sanitizeFileName', () => {
  it('keeps an ordinary name, accents and all', () => {
    expect(sanitizeFileName('U12 Training (Tuesday) – Kévin.mp4')).toBe('U12 Training (Tuesday) _ Kévin.mp4');
  });

  it('keeps only the last path segment, whichever separator the browser sent', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\coach\\session.m4a')).toBe('session.m4a');
  });

  it('replaces control and markup characters and trims dots and spaces at the ends', () => {
    expect(sanitizeFileName('<b onmouseover="x">talk.wav')).toBe('_b onmouseover__x__talk.wav');
    expect(sanitizeFileName('<script>alert(1)</script>.wav')).toBe('script_.wav');
    expect(sanitizeFileName(' ..hidden\u0000name.mp3.. ')).toBe('hidden_name.mp3');
  });

  it('names a file that has nothing left "recording"', () => {
    expect(sanitizeFileName('')).toBe('recording');
    expect(sanitizeFileName('...')).toBe('recording');
    expect(sanitizeFileName('folder/')).toBe('recording');
  });

  it('shortens a long name to 255 characters and keeps its extension', () => {
    const kept = sanitizeFileName(`${'a'.repeat(400)}.webm`);
    expect(kept).toHaveLength(255);
    expect(kept.endsWith('.webm')).toBe(true);
  });
});
