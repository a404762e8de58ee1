import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { fakeApi } from '@/test/fake-api';
import { makePlanCatalogue } from '@/test/fixtures';
import { makeUser, renderApp } from '@/test/render-app';

afterEach(() => {
  vi.useRealTimers();
});

async function openAccountMenu() {
  const user = userEvent.setup();
  const sidebar = await screen.findByTestId('sidebar');
  // The menu arrives in a chunk of its own once someone is signed in.
  await user.click(await within(sidebar).findByRole('button', { name: /Account menu$/ }));
  return { user, menu: await screen.findByRole('menu') };
}

describe('layout', () => {
  it('offers Login and Start Free Trial to a visitor and no Dashboard entry', async () => {
    renderApp('/');
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(sidebar).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/signup?plan=Free%20Trial');
    expect(within(sidebar).queryByRole('button', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Pricing' })).toBeInTheDocument();
  });

  it('names the account menu by what it shows, so the spoken name matches the visible label', async () => {
    renderApp('/dashboard/overview', makeUser());
    const sidebar = await screen.findByTestId('sidebar');
    expect(await within(sidebar).findByRole('button', { name: /^alex\s*alex@club\.example\s*Account menu$/ })).toBeInTheDocument();
  });

  it("shows the plan's dashboard entries in the accordion", async () => {
    renderApp('/dashboard/overview', makeUser({ plan: 'Elite', eliteRole: 'Elite Admin' }));
    const sidebar = await screen.findByTestId('sidebar');
    const links = within(sidebar)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(expect.arrayContaining(['Team Overview', 'Sessions', 'Coach Management', 'Team Sessions']));
    expect(links).not.toContain('Compare');
  });

  it('opens the Help accordion with its four entries', async () => {
    renderApp('/');
    const user = userEvent.setup();
    const sidebar = await screen.findByTestId('sidebar');
    await user.click(within(sidebar).getByRole('button', { name: 'Help' }));
    for (const [name, href] of [
      ['AI Assistant', '/help/chatbot'],
      ['Guides', '/help/guides'],
      ['FAQ', '/help/faq'],
      ['Contact', '/help/contact'],
    ]) {
      expect(within(sidebar).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('shows username, email and plan in the user menu, without Subscription for Free Trial', async () => {
    renderApp('/', makeUser({ plan: 'Free Trial' }));
    const { menu } = await openAccountMenu();
    expect(menu).toHaveTextContent('alex');
    expect(menu).toHaveTextContent('alex@club.example');
    expect(menu).toHaveTextContent('Free Trial');
    expect(within(menu).getByRole('menuitem', { name: 'View Profile' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Subscription' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows Subscription for a paying plan and opens it', async () => {
    const { router } = renderApp('/', makeUser({ plan: 'Coach' }));
    const { user, menu } = await openAccountMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('logs out to / and clears the persisted auth state', async () => {
    const { router } = renderApp('/profile', makeUser());
    expect(localStorage.getItem('auth-storage')).not.toBeNull();
    const { user, menu } = await openAccountMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAuthStore.getState().user).toBeNull();
    expect(localStorage.getItem('auth-storage')).toBeNull();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it.each([
    ['Pro', 'purple'],
    ['Elite', 'purple'],
    ['Coach', 'teal'],
    ['Goalkeeping Plus', 'teal'],
  ] as const)('colours the %s plan %s', async (plan, theme) => {
    renderApp('/', makeUser({ plan }));
    await screen.findByTestId('sidebar');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe(theme));
  });

  it('collapses the sidebar to 20 units and expands it again on hover', async () => {
    renderApp('/');
    const user = userEvent.setup();
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar).toHaveClass('w-72');
    await user.click(within(sidebar).getByRole('button', { name: 'Collapse sidebar' }));
    fireEvent.mouseLeave(sidebar);
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(sidebar).toHaveClass('w-20');
    fireEvent.mouseEnter(sidebar);
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(sidebar).toHaveClass('w-72');
    fireEvent.mouseLeave(sidebar);
    expect(sidebar).toHaveClass('w-20');
  });

  it('shows the footer with the support address and copyright 2025', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2025');
    expect(within(footer).getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
    for (const name of ['Home', 'Pricing', 'Demo', 'Help & Support', 'Privacy Policy', 'Terms & Conditions']) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
  });
});

describe('mobile menu', () => {
  async function openMenu() {
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    return screen.getByRole('dialog', { name: 'Menu' });
  }

  it('locks page scroll while open and closes on Escape after 300 ms', async () => {
    const dialog = await openMenu();
    vi.useFakeTimers();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(dialog).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on a tap on the backdrop', async () => {
    await openMenu();
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('mobile-menu-backdrop'));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('closes after following a link', async () => {
    const dialog = await openMenu();
    fireEvent.click(within(dialog).getByRole('link', { name: 'Pricing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });
});

describe('header, titles and skip link', () => {
  it('offers Login and Start Free Trial in the phone header to a visitor', async () => {
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/signup?plan=Free%20Trial');
    expect(within(header).getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it('offers a signed-in coach no Start Free Trial: not in the header, the sidebar, the home page or the pricing page', async () => {
    const home = renderApp('/', makeUser({ plan: 'Coach' }));
    expect(await screen.findByRole('link', { name: 'Upload a session' })).toHaveAttribute('href', '/upload');
    expect(screen.queryByRole('link', { name: 'Start Free Trial' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    home.unmount();

    fakeApi(({ path }) => (path === '/api/plans' ? makePlanCatalogue() : undefined));
    renderApp('/pricing', makeUser({ plan: 'Coach' }));
    const coach = await screen.findByRole('listitem', { name: 'Coach' });
    expect(coach).toHaveTextContent('Your current plan');
    expect(screen.queryByRole('link', { name: 'Start Free Trial' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Choose / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change plan to Free Trial' })).not.toBeInTheDocument();
    // No sign-up for a coach with an account: a club installation says who to ask.
    const elite = screen.getByRole('listitem', { name: 'Elite' });
    await userEvent.setup().click(within(elite).getByRole('button', { name: 'Change plan to Elite' }));
    expect(within(elite).getByRole('status')).toHaveTextContent('Your plan is managed by your club. Ask your club’s admin to change it.');
    expect(screen.queryByRole('link', { name: /signup/ })).not.toBeInTheDocument();
  });

  it('shows the catalogue: limits always, prices only when billing is on, the Add-on apart', async () => {
    fakeApi(({ path }) => (path === '/api/plans' ? makePlanCatalogue() : undefined));
    const off = renderApp('/pricing');
    const elite = await screen.findByRole('listitem', { name: 'Elite' });
    expect(elite).toHaveTextContent('A team of up to 10 coaches');
    expect(screen.getByRole('listitem', { name: 'Free Trial' })).toHaveTextContent('14 days free');
    expect(elite).not.toHaveTextContent('€');
    expect(screen.queryByRole('listitem', { name: 'Add-on' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Add-on' })).toHaveTextContent('Add-on summary');
    off.unmount();

    fakeApi(({ path }) => (path === '/api/plans' ? makePlanCatalogue('stripe') : undefined));
    renderApp('/pricing');
    expect(await screen.findByRole('listitem', { name: 'Coach' })).toHaveTextContent('€19 / month');
  });

  it('still offers every plan to a visitor on the pricing page', async () => {
    fakeApi(({ path }) => (path === '/api/plans' ? makePlanCatalogue() : undefined));
    renderApp('/pricing');
    const trial = await screen.findByRole('listitem', { name: 'Free Trial' });
    expect(within(trial).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/signup?plan=Free%20Trial');
    expect(within(screen.getByRole('listitem', { name: 'Elite' })).getByRole('link', { name: 'Choose Elite' })).toBeInTheDocument();
  });

  it('names each page in the document title', async () => {
    const sessions = renderApp('/dashboard/sessions', makeUser());
    await waitFor(() => expect(document.title).toBe('Sessions · Touchline'));
    sessions.unmount();
    renderApp('/pricing');
    await waitFor(() => expect(document.title).toBe('Pricing · Touchline'));
  });

  it('offers a skip link as the first stop of the keyboard, to the main content', async () => {
    renderApp('/');
    await screen.findByTestId('sidebar');
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});

describe('account notice', () => {
  it('tells a coach what a team admin changed, on every page, until they dismiss it', async () => {
    const notice = 'You are no longer a member of Riverside’s team. Your plan is now Coach; your sessions and reports are kept and are yours alone again.';
    const user = makeUser({ plan: 'Coach', notice });
    const requests = fakeApi(({ method, path }) => (method === 'DELETE' && path === '/api/auth/notice' ? { ...user, notice: null } : undefined));
    renderApp('/help/faq', user);
    expect(await screen.findByTestId('account-notice')).toHaveTextContent(notice);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss this notice' }));
    await waitFor(() => expect(screen.queryByTestId('account-notice')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/auth/notice')).toBe(true);
    expect(useAuthStore.getState().user?.notice).toBeNull();
  });

  it('shows nothing when there is nothing to tell', async () => {
    fakeApi(() => undefined);
    renderApp('/help/faq', makeUser({ plan: 'Coach' }));
    await screen.findByTestId('sidebar');
    expect(screen.queryByTestId('account-notice')).toBeNull();
  });
});
