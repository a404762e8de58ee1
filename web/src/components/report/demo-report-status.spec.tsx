import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { DemoReportStatus } from './demo-report-status';

describe('the demo report’s status', () => {
  it('says the demo session is being prepared while its report loads', () => {
    render(<DemoReportStatus report={{ isPending: true, isError: false, error: null }} />);
    expect(screen.getByText(/Preparing the demo session…/)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the API’s message when the report fails, and its own when the API gave none', () => {
    const { rerender } = render(
      <DemoReportStatus report={{ isPending: false, isError: true, error: new ApiError(503, JSON.stringify({ message: 'The demo is being rebuilt.' })) }} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The demo is being rebuilt.');
    rerender(<DemoReportStatus report={{ isPending: false, isError: true, error: new Error('offline') }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The demo could not be loaded. Please try again later.');
    expect(screen.queryByText(/Preparing the demo session/)).toBeNull();
  });

  it('shows nothing once the report is in', () => {
    const { container } = render(<DemoReportStatus report={{ isPending: false, isError: false, error: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
