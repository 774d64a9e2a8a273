import { describe, expect, it } from '@jest/globals';
import { avatarSvg, initialsOf } from './avatar.js';
import { escapeHtml, html } from './html.js';
import { renderLoginPage } from './login-page.js';

describe('html templates', () => {
  it('escapes interpolated text and attribute values', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const name = '"><script>alert(1)</script>';
    expect(html`<input value="${name}">`.value).toBe('<input value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
  });

  it('keeps nested templates and arrays as markup', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>`.value).toBe('<ul><li>a&lt;b</li><li>c</li></ul>');
  });

  it('renders a sign-up error next to its field, and the sign-up form focused for screen_hint=signup', () => {
    const page = renderLoginPage({
      interactionUid: 'uid-1',
      clientName: 'Academy portal',
      demoAccounts: [],
      demoPassword: 'learn-academy',
      minPasswordLength: 8,
      focusSignUp: true,
      signUp: { name: 'Kabir <Rao>', email: 'k@example.com', error: 'Your password needs at least 8 characters.', errorField: 'password' },
    });
    expect(page).toContain('value="Kabir &lt;Rao&gt;" autofocus');
    expect(page).toMatch(/id="signup-password"[^>]*aria-describedby="signup-error" aria-invalid="true"/);
    expect(page).toContain('<p class="error" id="signup-error" role="alert">Your password needs at least 8 characters.</p>');
    expect(page).toContain('action="/interaction/uid-1/signup"');
  });
});

describe('avatars', () => {
  it.each([
    ['Meera Iyer', 'MI'],
    ['Aarav Kumar Sharma', 'AS'],
    ['diya', 'D'],
    ['  ', '?'],
  ])('takes the initials of %p as %p', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  it('draws the same colour for the same id and escapes the name', () => {
    const first = avatarSvg('student-aarav', 'Aarav "<Ace>" Sharma');
    expect(first).toBe(avatarSvg('student-aarav', 'Aarav "<Ace>" Sharma'));
    expect(first).toContain('aria-label="Aarav &quot;&lt;Ace&gt;&quot; Sharma"');
    expect(first).toContain('>AS</text>');
  });
});
