import { authUserFromClaims } from './auth-user.js';

const ns = 'https://academy.example/';

describe('authUserFromClaims', () => {
  it.each([
    [
      'namespaced claims win',
      { sub: 'u1', [`${ns}name`]: 'Meera', name: 'other', [`${ns}email`]: 'm@x', [`${ns}picture`]: 'p', [`${ns}roles`]: ['educator'] },
      { id: 'u1', name: 'Meera', email: 'm@x', imageUrl: 'p', roles: ['educator'] },
    ],
    [
      'standard claims as fallback',
      { sub: 'u2', name: 'Aarav', email: 'a@x', picture: 'pic' },
      { id: 'u2', name: 'Aarav', email: 'a@x', imageUrl: 'pic', roles: [] },
    ],
    [
      'missing profile and non-string roles',
      { sub: 'u3', [`${ns}roles`]: ['student', 7] },
      { id: 'u3', name: '', email: '', imageUrl: '', roles: ['student'] },
    ],
  ])('%s', (_label, payload, expected) => {
    expect(authUserFromClaims(payload, ns)).toEqual(expected);
  });

  it('refuses a token without a subject', () => {
    expect(() => authUserFromClaims({ name: 'x' }, ns)).toThrow('subject');
  });
});
