import { useCallback, useRef } from 'react';

/**
 * The media player of a report page and the `seek` its timelines, transcript and comments call. `play: true`
 * starts playing from the moment sought (the coach's own report); otherwise the player only moves there.
 */
export function useSeekablePlayer({ play = false }: { play?: boolean } = {}) {
  const player = useRef<HTMLMediaElement>(null);
  const seek = useCallback(
    (seconds: number) => {
      const media = player.current;
      if (!media) return;
      media.currentTime = seconds;
      if (play) void media.play().catch(() => undefined);
    },
    [play],
  );
  return { player, seek };
}
