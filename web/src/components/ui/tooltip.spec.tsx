import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipProvider } from './tooltip';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function renderTwo() {
  render(
    <TooltipProvider>
      <Tooltip content="First tip">
        <button type="button">one</button>
      </Tooltip>
      <Tooltip content="Second tip">
        <button type="button">two</button>
      </Tooltip>
    </TooltipProvider>,
  );
}

const hover = (name: string) => fireEvent.pointerMove(screen.getByRole('button', { name }), { pointerType: 'mouse' });
// Radix keeps a tooltip open while the pointer may be travelling to it; moving far away closes it.
const leave = (name: string) => {
  fireEvent.pointerLeave(screen.getByRole('button', { name }), { pointerType: 'mouse', clientX: 0, clientY: 0 });
  fireEvent.pointerMove(document, { pointerType: 'mouse', clientX: 900, clientY: 900 });
};

describe('tooltips', () => {
  it('open after 700 ms of hovering', () => {
    renderTwo();
    hover('one');
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('First tip');
  });

  it('skip the delay when moving to another trigger within 300 ms', () => {
    renderTwo();
    hover('one');
    act(() => vi.advanceTimersByTime(700));
    leave('one');
    act(() => vi.advanceTimersByTime(200));
    hover('two');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Second tip');
  });

  it('wait the full delay again after 300 ms away', () => {
    renderTwo();
    hover('one');
    act(() => vi.advanceTimersByTime(700));
    leave('one');
    act(() => vi.advanceTimersByTime(301));
    hover('two');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(700));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Second tip');
  });
});
