import { html, pageLayout, SafeHtml } from './html.js';

export interface DemoAccountView {
  subject: string;
  name: string;
  roleLabel: string;
  email: string;
  pictureUrl: string;
}

export interface LoginPageModel {
  interactionUid: string;
  clientName: string;
  demoAccounts: DemoAccountView[];
  demoPassword: string;
  minPasswordLength: number;
  /** Put the keyboard focus in the sign-up form (Auth0's `screen_hint=signup`). */
  focusSignUp?: boolean;
  signIn?: { email: string; error?: string };
  signUp?: { name: string; email: string; error?: string; errorField?: 'name' | 'email' | 'password' };
}

function fieldError(id: string, message: string | undefined): SafeHtml {
  return message ? html`<p class="error" id="${id}" role="alert">${message}</p>` : html``;
}

export function renderLoginPage(model: LoginPageModel): string {
  const base = `/interaction/${encodeURIComponent(model.interactionUid)}`;
  const signUp = model.signUp;
  const signUpErrorId = (field: 'name' | 'email' | 'password') =>
    signUp?.errorField === field ? 'signup-error' : undefined;

  const body = html`
<h1>Sign in to the academy</h1>
<p class="note">Continue to ${model.clientName}.</p>
<p class="banner">This is the local sign-in sandbox. Demo accounts use the password <strong>${model.demoPassword}</strong>.</p>
<div class="grid">
  <section class="card" aria-labelledby="demo-heading">
    <h2 id="demo-heading">Demo accounts</h2>
    <ul class="accounts">
      ${model.demoAccounts.map(
        (account) => html`<li class="account">
        <img src="${account.pictureUrl}" alt="" width="48" height="48">
        <span class="who"><strong>${account.name}</strong><br><span class="role">${account.roleLabel} · ${account.email}</span></span>
        <form method="post" action="${base}/demo">
          <input type="hidden" name="subject" value="${account.subject}">
          <button type="submit">Sign in as ${account.name}</button>
        </form>
      </li>`,
      )}
    </ul>
  </section>

  <section class="card" aria-labelledby="signin-heading">
    <h2 id="signin-heading">Sign in with email</h2>
    ${model.signIn?.error ? html`<p class="alert" id="signin-error" role="alert">${model.signIn.error}</p>` : html``}
    <form method="post" action="${base}/login" novalidate>
      <label for="signin-email">Email address</label>
      <input id="signin-email" name="email" type="email" autocomplete="username" required value="${model.signIn?.email ?? ''}"${model.signIn?.error ? new SafeHtml(' aria-describedby="signin-error" aria-invalid="true"') : ''}>
      <label for="signin-password">Password</label>
      <input id="signin-password" name="password" type="password" autocomplete="current-password" required>
      <div class="form-actions"><button type="submit">Sign in</button></div>
    </form>
  </section>

  <section class="card" aria-labelledby="signup-heading">
    <h2 id="signup-heading">Create a student account</h2>
    <form method="post" action="${base}/signup" novalidate>
      <label for="signup-name">Full name</label>
      <input id="signup-name" name="name" type="text" autocomplete="name" required value="${signUp?.name ?? ''}"${model.focusSignUp ? new SafeHtml(' autofocus') : ''}${signUpErrorId('name') ? new SafeHtml(' aria-describedby="signup-error" aria-invalid="true"') : ''}>
      ${signUp?.errorField === 'name' ? fieldError('signup-error', signUp.error) : html``}
      <label for="signup-email">Email address</label>
      <input id="signup-email" name="email" type="email" autocomplete="email" required value="${signUp?.email ?? ''}"${signUpErrorId('email') ? new SafeHtml(' aria-describedby="signup-error" aria-invalid="true"') : ''}>
      ${signUp?.errorField === 'email' ? fieldError('signup-error', signUp.error) : html``}
      <label for="signup-password">Password (at least ${model.minPasswordLength} characters)</label>
      <input id="signup-password" name="password" type="password" autocomplete="new-password" required minlength="${model.minPasswordLength}"${signUpErrorId('password') ? new SafeHtml(' aria-describedby="signup-error" aria-invalid="true"') : ''}>
      ${signUp?.errorField === 'password' ? fieldError('signup-error', signUp.error) : html``}
      <div class="form-actions"><button type="submit">Create account</button></div>
    </form>
  </section>
</div>`;
  return pageLayout('Sign in · Academy sandbox', body);
}

export function renderMessagePage(title: string, message: string): string {
  return pageLayout(`${title} · Academy sandbox`, html`<h1>${title}</h1><p>${message}</p>`);
}
