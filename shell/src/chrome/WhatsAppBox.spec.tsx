import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WhatsAppBox, whatsAppChatUrl } from './WhatsAppBox';
import { renderChrome, testRuntimeConfig } from './chromeTestHarness';

const questionInput = () => screen.getByRole('textbox', { name: 'Your question for us on WhatsApp' });
const sendButton = () => screen.getByRole('button', { name: 'Send on WhatsApp' });

describe('WhatsAppBox', () => {
  let openSpy: jest.SpyInstance;
  beforeEach(() => {
    openSpy = jest.spyOn(window, 'open').mockReturnValue(null);
  });
  afterEach(() => openSpy.mockRestore());

  it('opens a chat with the business number and the encoded question in a new tab, then clears', async () => {
    const user = userEvent.setup();
    renderChrome(<WhatsAppBox />);
    await user.type(questionInput(), '  Fees for class 8 & 11?  ');
    await user.click(sendButton());

    expect(openSpy).toHaveBeenCalledWith(
      `https://wa.me/${testRuntimeConfig.whatsappNumber}?text=Fees%20for%20class%208%20%26%2011%3F`,
      '_blank',
      'noopener',
    );
    expect(questionInput()).toHaveValue('');
  });

  it('sends with the Enter key', async () => {
    const user = userEvent.setup();
    renderChrome(<WhatsAppBox />);
    await user.type(questionInput(), 'Hello{Enter}');
    expect(openSpy).toHaveBeenCalledWith(whatsAppChatUrl(testRuntimeConfig.whatsappNumber, 'Hello'), '_blank', 'noopener');
  });

  it.each([[''], ['     ']])('does not send blank text %j', async (text) => {
    const user = userEvent.setup();
    renderChrome(<WhatsAppBox />);
    if (text) await user.type(questionInput(), text);
    await user.click(sendButton());
    expect(openSpy).not.toHaveBeenCalled();
  });

  it('is not shown in the educator area', () => {
    renderChrome(<WhatsAppBox />, '/educator/my-courses');
    expect(screen.queryByRole('form', { name: 'Ask us on WhatsApp' })).not.toBeInTheDocument();
  });

  it('is shown on other pages', () => {
    renderChrome(<WhatsAppBox />, '/course-list');
    expect(screen.getByRole('form', { name: 'Ask us on WhatsApp' })).toBeInTheDocument();
  });

  it('is a disclosure at every width: the round button opens the box with focus in it; Escape or Close folds it back to the button', async () => {
    const user = userEvent.setup();
    renderChrome(<WhatsAppBox />, '/course-list');
    const toggle = screen.getByRole('button', { name: 'Ask us on WhatsApp' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'whatsapp-box');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(questionInput()).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Close the WhatsApp box' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
