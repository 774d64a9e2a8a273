import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ContactPage from './ContactPage';
import { installFetchMock, jsonResponse, renderWithPlatform, testRuntimeConfig } from '../testing/renderWithPlatform';

const contactEndpoint = `${testRuntimeConfig.forms.contactUrl}/${testRuntimeConfig.forms.contactFormId}`;

// Only the network boundary is replaced.
const fetchSpy = installFetchMock();

const currentPath = () => screen.getByTestId('current-path').textContent;
const sendButton = () => screen.getByRole('button', { name: /Send Message|Sending/ });

async function fillForm(values: Partial<Record<'Full Name' | 'Email Address' | 'Subject' | 'Message', string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  return user;
}

describe('Contact form', () => {
  it('shows each required message under its field and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<ContactPage />, '/contact');
    await user.type(screen.getByLabelText('Full Name'), '   ');
    await user.click(sendButton());

    const expected = {
      'Full Name': 'Name is required.',
      'Email Address': 'Email is required.',
      Subject: 'Subject is required.',
      Message: 'Message is required.',
    };
    for (const [label, message] of Object.entries(expected)) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(message);
    }
    expect(screen.getByLabelText('Full Name')).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(currentPath()).toBe('/contact');
  });

  it.each([['ana@example'], ['ana@example.c'], ['ana@example.music'], ['ana example.com']])(
    'rejects the email %s as badly formed',
    async (email) => {
      renderWithPlatform(<ContactPage />, '/contact');
      const user = await fillForm({ 'Full Name': 'Ana', 'Email Address': email, Subject: 'Fees', Message: 'Hello' });
      await user.click(sendButton());
      expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription('Invalid email format.');
      expect(screen.getByLabelText('Subject')).not.toHaveAttribute('aria-invalid');
      expect(fetchSpy).not.toHaveBeenCalled();
    },
  );

  it('posts the trimmed message as JSON to the configured form and goes to /success', async () => {
    let answer!: (response: Response) => void;
    fetchSpy.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderWithPlatform(<ContactPage />, '/contact');
    const user = await fillForm({
      'Full Name': ' Ana Gomes ',
      'Email Address': 'ana@example.com',
      Subject: 'Class 8 batches',
      Message: 'When does the next batch start?',
    });
    await user.click(sendButton());

    expect(sendButton()).toHaveTextContent('Sending...');
    expect(sendButton()).toBeDisabled();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe(contactEndpoint);
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(init?.body as string)).toEqual({
      name: 'Ana Gomes',
      email: 'ana@example.com',
      subject: 'Class 8 batches',
      message: 'When does the next batch start?',
    });

    answer(jsonResponse(200, { ok: true }));
    await waitFor(() => expect(currentPath()).toBe('/success'));
  });

  it('shows an error toast with the service message when sending fails, and stays', async () => {
    fetchSpy.mockResolvedValue(jsonResponse(422, { error: 'Form is closed' }));
    renderWithPlatform(<ContactPage />, '/contact');
    const user = await fillForm({
      'Full Name': 'Ana',
      'Email Address': 'ana@example.com',
      Subject: 'Fees',
      Message: 'Hello',
    });
    await user.click(sendButton());

    expect(await screen.findByText('Form is closed')).toBeInTheDocument();
    expect(currentPath()).toBe('/contact');
    expect(sendButton()).toHaveTextContent('Send Message');
    expect(sendButton()).toBeEnabled();
  });
});

describe('Contact page', () => {
  it('shows both contact desks, the social links, the reply promise and the FAQ teaser', () => {
    renderWithPlatform(<ContactPage />, '/contact');
    expect(screen.getByRole('heading', { name: 'Academics' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sports' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', testRuntimeConfig.socialLinks.instagram);
    expect(screen.getByRole('link', { name: /YouTube/ })).toHaveAttribute('href', testRuntimeConfig.socialLinks.youtube);
    expect(screen.getByText(/within 24 hours/)).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Questions from' })).toBeInTheDocument();
  });
});
