import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CourseSearchForm } from './CourseSearchForm';
import { renderInRouter } from '../testing/catalogueTestKit';

describe('CourseSearchForm', () => {
  it('goes to /course-list/{text} on submit', async () => {
    const user = userEvent.setup();
    const view = renderInRouter(<CourseSearchForm />);
    await user.type(screen.getByRole('searchbox', { name: 'Search for courses' }), 'Math');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(view.location()).toBe('/course-list/Math');
  });

  it('submits with Enter and encodes characters that would break the path', async () => {
    const user = userEvent.setup();
    const view = renderInRouter(<CourseSearchForm />);
    await user.type(screen.getByPlaceholderText('Search for courses'), 'a/b?{Enter}');
    expect(view.location()).toBe('/course-list/a%2Fb%3F');
  });

  it('still navigates, to the plain list, when the search is empty', async () => {
    const user = userEvent.setup();
    const view = renderInRouter(<CourseSearchForm />, '/');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(view.location()).toBe('/course-list');
  });

  it('can be pre-filled', () => {
    renderInRouter(<CourseSearchForm initialText="physics" />);
    expect(screen.getByRole('searchbox', { name: 'Search for courses' })).toHaveValue('physics');
  });
});
