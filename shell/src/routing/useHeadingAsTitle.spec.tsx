import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from '@academy/platform';
import { Link, MemoryRouter, Route, Routes, useLocation } from '@academy/routing';
import { useHeadingAsTitle } from './useHeadingAsTitle';

/** A page whose heading arrives later, as a remote's or a loaded course's does. */
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  return loaded ? <h1>Course list</h1> : <button onClick={() => setLoaded(true)}>finish loading</button>;
}

function Harness() {
  const { pathname } = useLocation();
  useHeadingAsTitle(pathname);
  return (
    <>
      <nav>
        <Link to="/about">About</Link>
        <Link to="/course-list">Courses</Link>
      </nav>
      <main>
        <Routes>
          <Route path="/" element={<h1>Gain knowledge anytime</h1>} />
          <Route path="/about" element={<h1>About us</h1>} />
          <Route path="/course-list" element={<SlowPage />} />
        </Routes>
      </main>
    </>
  );
}

describe('useHeadingAsTitle', () => {
  it('names the tab after the page heading, and moves focus to it only after a navigation', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Harness />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Gain knowledge anytime | Academy');
    expect(document.activeElement).toBe(document.body);

    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(document.title).toBe('About us | Academy');
    expect(screen.getByRole('heading', { name: 'About us' })).toHaveFocus();
  });

  it('waits for a heading that arrives after the route changes', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/about']}>
        <Harness />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Courses' }));
    expect(document.title).toBe('About us | Academy');
    await act(async () => screen.getByRole('button', { name: 'finish loading' }).click());
    expect(document.title).toBe('Course list | Academy');
    expect(screen.getByRole('heading', { name: 'Course list' })).toHaveFocus();
  });
});

describe('useHeadingAsTitle and the language', () => {
  function TranslatedPage() {
    const { pathname } = useLocation();
    useHeadingAsTitle(pathname);
    const { t } = useTranslation('shell');
    return (
      <main>
        <h1>{t('routing.notFound.title')}</h1>
      </main>
    );
  }

  it('renames the tab when the language changes, without moving focus', async () => {
    render(
      <MemoryRouter initialEntries={['/missing']}>
        <TranslatedPage />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Page not found | Academy');
    await act(() => i18next.changeLanguage('hi'));
    expect(document.title).toBe('पेज नहीं मिला | Academy');
    expect(document.activeElement).toBe(document.body);
  });
});
