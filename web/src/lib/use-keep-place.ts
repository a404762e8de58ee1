import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps a media player's place when its source URL is replaced by a renewed one (a review link's recording URL
 * lives a minute): the position and whether it was playing carry over once the new source has loaded.
 */
export function useKeepPlace(player: RefObject<HTMLMediaElement | null>, src: string | null | undefined): void {
  const last = useRef(src);
  const place = useRef<{ time: number; playing: boolean } | null>(null);
  // Read during render, while the element still plays the old source: the commit that follows resets it to 0.
  if (src !== last.current) {
    const media = player.current;
    if (media && last.current && media.currentTime > 0) place.current = { time: media.currentTime, playing: !media.paused };
    last.current = src;
  }
  useEffect(() => {
    const media = player.current;
    const resume = place.current;
    if (!media || !resume) return;
    const restore = () => {
      place.current = null;
      media.currentTime = resume.time;
      if (resume.playing) void media.play().catch(() => undefined);
    };
    media.addEventListener('loadedmetadata', restore, { once: true });
    return () => media.removeEventListener('loadedmetadata', restore);
  }, [player, src]);
}
