import { FORM_MESSAGES, PLAN_MESSAGES, SESSION_MESSAGES } from '@touchline/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { makeUser, renderApp } from '@/test/render-app';

// The screen loads on demand; load it once here, so the first test's waits measure the screen, not the import.
beforeAll(() => import('./upload'), 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

const wav = () => new File([new Uint8Array(2048)], 'Tuesday_drills.wav', { type: 'audio/wav' });

describe('upload form', () => {
  it('moves focus to the title once a file is chosen, instead of losing it', async () => {
    fakeApi(() => undefined);
    renderApp('/upload', makeUser());
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('Recording file'), wav());
    expect(await screen.findByTestId('chosen-file')).toHaveTextContent('Tuesday_drills.wav');
    const title = screen.getByLabelText('Title');
    expect(title).toHaveValue('Tuesday drills');
    expect(title).toHaveFocus();
    expect(document.activeElement).not.toBe(document.body);

    // "Change" brings the picker back with focus on it.
    await user.click(screen.getByRole('button', { name: 'Change the file (Tuesday_drills.wav)' }));
    expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveFocus();
  });

  it('ties its problems to the fields they concern, sending nothing', async () => {
    const requests = fakeApi(() => undefined);
    renderApp('/upload', makeUser());
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    const picker = screen.getByRole('button', { name: 'Choose a file' });
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(picker).toHaveAccessibleDescription(FORM_MESSAGES.sessionFile);
    expect(picker).toHaveFocus();

    await user.upload(screen.getByLabelText('Recording file'), wav());
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(FORM_MESSAGES.sessionTitle);
    expect(title).toHaveFocus();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it("shows this month's upload minutes, and when they are used, the day uploads open again", async () => {
    let usage = { usedMinutes: 45, limitMinutes: 600, resetsAt: '2026-12-01T00:00:00.000Z' };
    fakeApi(({ path }) => (path === '/api/sessions/usage' ? usage : undefined));
    const { unmount } = renderApp('/upload', makeUser({ plan: 'Coach' }));
    expect(await screen.findByTestId('upload-allowance')).toHaveTextContent('45 of 600 upload minutes used this month. The count starts again on 1 December.');
    unmount();

    usage = { ...usage, usedMinutes: 600 };
    renderApp('/upload', makeUser({ plan: 'Coach' }));
    expect(await screen.findByTestId('upload-allowance')).toHaveTextContent('600 of 600 upload minutes used this month. Uploads open again on 1 December.');
  });

  it('offers a way to choose a plan when the Free Trial has ended', async () => {
    const message = PLAN_MESSAGES.trialEnded('9 March 2026');
    fakeApi(({ method, path }) => (method === 'POST' && path === '/api/sessions' ? Response.json({ statusCode: 403, message }, { status: 403 }) : undefined));
    renderApp('/upload', makeUser({ plan: 'Free Trial' }));
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('Recording file'), wav());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
  });

  it('refuses a file that is not a recording beside the picker', async () => {
    renderApp('/upload', makeUser());
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('Recording file'), new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SESSION_MESSAGES.unsupportedType);
    expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveAccessibleDescription(SESSION_MESSAGES.unsupportedType);
  });
});
