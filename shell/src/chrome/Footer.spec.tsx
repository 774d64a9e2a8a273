import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Footer } from './Footer';
import { installFetchMock, jsonResponse, renderChrome, testRuntimeConfig } from './chromeTestHarness';

const fetchMock = installFetchMock();
const emailInput = () => screen.getByRole('textbox', { name: 'Email address' });
const subscribeButton = () => screen.getByRole('button', { name: /^Subscrib/ });
const currentPath = () => screen.getByTestId('current-path').textContent;

describe('Footer', () => {
  it('links to the site pages, the policies and both social profiles', () => {
    renderChrome(<Footer />, '/about');
    const nav = screen.getByRole('navigation', { name: 'Explore' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Enrichment', '/beyond-the-classroom'],
    ]);
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms-conditions');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', testRuntimeConfig.socialLinks.instagram);
    expect(screen.getByRole('link', { name: /YouTube/ })).toHaveAttribute('href', testRuntimeConfig.socialLinks.youtube);
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} Academy`))).toBeInTheDocument();
  });
});

describe('Newsletter form', () => {
  it('requires an email and sends nothing', async () => {
    const user = userEvent.setup();
    renderChrome(<Footer />);
    await user.type(emailInput(), '   ');
    await user.click(subscribeButton());
    await waitFor(() => expect(emailInput()).toHaveAccessibleDescription('Email is required.'));
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a badly formed email and sends nothing', async () => {
    const user = userEvent.setup();
    renderChrome(<Footer />);
    await user.type(emailInput(), 'student@example');
    await user.click(subscribeButton());
    await waitFor(() => expect(emailInput()).toHaveAccessibleDescription('Invalid email format.'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the email with the form key, disables the button meanwhile, then clears and goes to /success', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderChrome(<Footer />);
    await user.type(emailInput(), 'parent@example.com');
    await user.click(subscribeButton());

    expect(subscribeButton()).toHaveTextContent('Subscribing...');
    expect(subscribeButton()).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(testRuntimeConfig.forms.newsletterUrl);
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(init?.body as string)).toEqual({
      email: 'parent@example.com',
      access_key: testRuntimeConfig.forms.newsletterKey,
    });

    answer(jsonResponse(200, { success: true, message: 'Email sent successfully!' }));
    await waitFor(() => expect(currentPath()).toBe('/success'));
    expect(emailInput()).toHaveValue('');
    expect(subscribeButton()).toHaveTextContent('Subscribe');
    expect(subscribeButton()).toBeEnabled();
  });

  it('shows an error toast when the service refuses, keeping the email', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: false, message: 'Invalid access key' }));
    const user = userEvent.setup();
    renderChrome(<Footer />, '/contact');
    await user.type(emailInput(), 'parent@example.com');
    await user.click(subscribeButton());

    expect(await screen.findByText('Invalid access key')).toBeInTheDocument();
    expect(currentPath()).toBe('/contact');
    expect(emailInput()).toHaveValue('parent@example.com');
  });

  it('shows an error toast when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderChrome(<Footer />);
    await user.type(emailInput(), 'parent@example.com');
    await user.click(subscribeButton());
    expect(await screen.findByText('Failed to fetch')).toBeInTheDocument();
  });
});
