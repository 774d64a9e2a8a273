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
  /** "I'm a parent": the parent sign-up form comes first, on the first screen, with the focus. */
  parentFirst?: boolean;
  signIn?: { email: string; error?: string };
  signUp?: { name: string; email: string; role?: 'student' | 'parent'; error?: string; errorField?: 'name' | 'email' | 'password' };
}

function fieldError(id: string, message: string | undefined): SafeHtml {
  return message ? html`<p class="error" id="${id}" role="alert">${message}</p>` : html``;
}

/** One sign-up form per kind of account: students learn, parents follow their linked children. */
function signUpSection(role: 'student' | 'parent', model: LoginPageModel, base: string): SafeHtml {
  const prefix = role === 'student' ? 'signup' : 'parent-signup';
  const signUp = model.signUp && (model.signUp.role ?? 'student') === role ? model.signUp : undefined;
  const errorId = `${prefix}-error`;
  const invalid = (field: 'name' | 'email' | 'password') =>
    signUp?.errorField === field ? new SafeHtml(` aria-describedby="${errorId}" aria-invalid="true"`) : '';
  return html`<section class="card" aria-labelledby="${prefix}-heading">
    <h2 id="${prefix}-heading">${role === 'student' ? 'Create a student account' : 'Create a parent account'}</h2>
    ${role === 'parent' ? html`<p class="note">Parents follow the progress of the children who link to them with a code, and can buy courses for them.</p>` : html``}
    <form method="post" action="${base}/signup" novalidate>
      <input type="hidden" name="role" value="${role}">
      <label for="${prefix}-name">Full name</label>
      <input id="${prefix}-name" name="name" type="text" autocomplete="name" required value="${signUp?.name ?? ''}"${(role === 'student' ? model.focusSignUp && !model.parentFirst : model.parentFirst && !signUp?.error) ? new SafeHtml(' autofocus') : ''}${invalid('name')}>
      ${signUp?.errorField === 'name' ? fieldError(errorId, signUp.error) : html``}
      <label for="${prefix}-email">Email address</label>
      <input id="${prefix}-email" name="email" type="email" autocomplete="email" required value="${signUp?.email ?? ''}"${invalid('email')}>
      ${signUp?.errorField === 'email' ? fieldError(errorId, signUp.error) : html``}
      <label for="${prefix}-password">Password (at least ${model.minPasswordLength} characters)</label>
      <input id="${prefix}-password" name="password" type="password" autocomplete="new-password" required minlength="${model.minPasswordLength}"${invalid('password')}>
      ${signUp?.errorField === 'password' ? fieldError(errorId, signUp.error) : html``}
      <div class="form-actions"><button type="submit">${role === 'student' ? 'Create account' : 'Create parent account'}</button></div>
    </form>
  </section>`;
}

export function renderLoginPage(model: LoginPageModel): string {
  const base = `/interaction/${encodeURIComponent(model.interactionUid)}`;
  const body = html`
<h1>Sign in to the academy</h1>
<p class="note">Continue to ${model.clientName}.</p>
<p class="banner">This is the local sign-in sandbox. Demo accounts use the password <strong>${model.demoPassword}</strong>.</p>
${
  model.parentFirst
    ? html`<p class="choices">Creating a parent account. <a href="${base}">I'm a student</a></p>`
    : html`<p class="choices"><a class="choice" href="${base}?as=parent">I'm a parent</a> <span class="note">Follow your children's progress and buy courses for them.</span></p>`
}
<div class="grid">
  ${model.parentFirst ? signUpSection('parent', model, base) : html``}
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

  ${signUpSection('student', model, base)}
  ${model.parentFirst ? html`` : signUpSection('parent', model, base)}
</div>`;
  return pageLayout('Sign in · Academy sandbox', body);
}

export function renderMessagePage(title: string, message: string): string {
  return pageLayout(`${title} · Academy sandbox`, html`<h1>${title}</h1><p>${message}</p>`);
}
