import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSeekablePlayer } from './use-seekable-player';

function Player({ play }: { play?: boolean }) {
  const { player, seek } = useSeekablePlayer({ play });
  return (
    <>
      <audio ref={player as never} data-testid="player" />
      <button type="button" onClick={() => seek(42)}>
        Seek
      </button>
    </>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('useSeekablePlayer', () => {
  it('moves the player to the moment asked, without playing by default', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    render(<Player />);
    act(() => screen.getByRole('button', { name: 'Seek' }).click());
    expect(screen.getByTestId<HTMLMediaElement>('player').currentTime).toBe(42);
    expect(play).not.toHaveBeenCalled();
  });

  it('plays from there when asked to, and a refused play is no error', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new Error('NotAllowedError'));
    render(<Player play />);
    act(() => screen.getByRole('button', { name: 'Seek' }).click());
    expect(screen.getByTestId<HTMLMediaElement>('player').currentTime).toBe(42);
    expect(play).toHaveBeenCalledOnce();
  });
});
