import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useKeepPlace } from './use-keep-place';

function Player({ src }: { src: string }) {
  const player = useRef<HTMLAudioElement>(null);
  useKeepPlace(player, src);
  return <audio ref={player} src={src} data-testid="player" />;
}

/** jsdom plays nothing: the element's position and state are set by hand, as a playing browser would have them. */
function playing(media: HTMLMediaElement, at: number) {
  let time = at;
  Object.defineProperty(media, 'currentTime', { configurable: true, get: () => time, set: (t: number) => void (time = t) });
  Object.defineProperty(media, 'paused', { configurable: true, get: () => false });
  const play = vi.fn(() => Promise.resolve());
  media.play = play;
  return { play, time: () => time, reset: () => void (time = 0) };
}

describe('useKeepPlace', () => {
  it('carries the position and playing on to a renewed source once it has loaded', () => {
    const view = render(<Player src="/api/media/first" />);
    const media = view.getByTestId('player') as HTMLAudioElement;
    const state = playing(media, 42.5);
    view.rerender(<Player src="/api/media/renewed" />);
    state.reset(); // what loading a new source does
    media.dispatchEvent(new Event('loadedmetadata'));
    expect(media.getAttribute('src')).toBe('/api/media/renewed');
    expect(state.time()).toBe(42.5);
    expect(state.play).toHaveBeenCalledTimes(1);
  });

  it('leaves a player that had not started alone', () => {
    const view = render(<Player src="/api/media/first" />);
    const media = view.getByTestId('player') as HTMLAudioElement;
    const state = playing(media, 0);
    view.rerender(<Player src="/api/media/renewed" />);
    media.dispatchEvent(new Event('loadedmetadata'));
    expect(state.play).not.toHaveBeenCalled();
    expect(state.time()).toBe(0);
  });
});
