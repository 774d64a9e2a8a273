import { formatLinkCode, linkCodeSchema, userRoleOf } from './parents.js';

describe('parents contracts', () => {
  it.each([
    ['ABCD2345', 'ABCD2345'],
    ['abcd-2345', 'ABCD2345'],
    ['  abcd 2345 ', 'ABCD2345'],
  ])('accepts the link code %j as %s', (input, canonical) => {
    expect(linkCodeSchema.parse(input)).toBe(canonical);
  });

  it.each([['', 'Enter the code your child gave you'], ['ABC', 'A link code has 8 letters and digits, like ABCD-2345'], ['ABCD0000', 'A link code has 8 letters and digits, like ABCD-2345']])(
    'refuses %j with a clear message',
    (input, message) => {
      const result = linkCodeSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    },
  );

  it('shows codes as XXXX-XXXX and picks the user role educator first, then parent', () => {
    expect(formatLinkCode('ABCD2345')).toBe('ABCD-2345');
    expect(userRoleOf(['parent', 'educator'])).toBe('educator');
    expect(userRoleOf(['parent'])).toBe('parent');
    expect(userRoleOf([])).toBe('student');
  });
});
