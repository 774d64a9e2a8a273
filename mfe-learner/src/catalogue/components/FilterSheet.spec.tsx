import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { FilterSheet } from './FilterSheet';

const showButtonFor = (total: number | null) => {
  const view = render(
    <FilterSheet total={total} onClose={() => undefined} onClear={() => undefined}>
      {null}
    </FilterSheet>,
  );
  const text = screen.getByRole('button', { name: /Show|दिखाएँ/ }).textContent;
  view.unmount();
  return text;
};

describe('FilterSheet: how many courses the filters give', () => {
  it('counts in English: plural for 0 and 2, singular for 1, lakh grouping', () => {
    expect([null, 0, 1, 2, 150_000].map(showButtonFor)).toEqual(['Show courses', 'Show 0 courses', 'Show 1 course', 'Show 2 courses', 'Show 1,50,000 courses']);
  });

  it('counts in Hindi, whose singular covers 0 and 1', async () => {
    await act(() => i18next.changeLanguage('hi'));
    expect([null, 0, 1, 2, 150_000].map(showButtonFor)).toEqual(['कोर्स दिखाएँ', '0 कोर्स दिखाएँ', '1 कोर्स दिखाएँ', '2 कोर्स दिखाएँ', '1,50,000 कोर्स दिखाएँ']);
  });
});
