import { jest } from '@jest/globals';
import { Route } from '@academy/routing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, fakeServer, ok, renderAt, userData } from '../enrollments/testing/learningTestKit';
import { ReviewDialog } from './ReviewDialog';

// The first render pays for loading the modules; a loaded machine needs more than jest's 5 s.
jest.setTimeout(20_000);

function openDialog(onSaved = jest.fn(), onClose = jest.fn()) {
  renderAt(
    '/review',
    <Route
      path="/review"
      element={<ReviewDialog courseId="course-1" courseTitle="Algebra Foundations" rating={3} onSaved={onSaved} onClose={onClose} />}
    />,
    { user: userData() },
  );
  return { onSaved, onClose };
}

describe('ReviewDialog', () => {
  it('is prefilled with the saved review, and publishes the edited stars and text', async () => {
    const requests = fakeServer(
      (request) => (request.method === 'GET' && request.path === '/api/reviews/course/course-1/mine' ? ok({ review: { _id: 'r1', rating: 5, text: 'Saved words' } }) : undefined),
      (request) => (request.method === 'PUT' && request.path === '/api/reviews/course/course-1/mine' ? ok({ message: 'Review updated' }) : undefined),
    );
    const { onSaved, onClose } = openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Review Algebra Foundations' });
    const text = within(dialog).getByRole('textbox', { name: 'Your review' });
    await waitFor(() => expect(text).toHaveValue('Saved words'));
    const stars = within(dialog).getByRole('group', { name: 'Your rating' });
    expect(within(stars).getByRole('button', { name: '5 stars' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByText('11 of 2000 characters. Plain text; line breaks are kept.')).toBeInTheDocument();

    await userEvent.click(within(stars).getByRole('button', { name: '2 stars' }));
    await userEvent.clear(text);
    await userEvent.type(text, 'Too fast for me');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalledWith(2);
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([{ rating: 2, text: 'Too fast for me' }]);
  });

  it("shows the server's refusal and stays open; asks for text before sending", async () => {
    const requests = fakeServer(
      (request) => (request.method === 'GET' ? ok({ review: null }) : undefined),
      (request) => (request.method === 'PUT' ? failure(403, 'Finish at least one lecture of this course before reviewing it') : undefined),
    );
    const { onClose } = openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Review Algebra Foundations' });
    const text = within(dialog).getByRole('textbox', { name: 'Your review' });
    await waitFor(() => expect(text).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write a few words about the course');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await userEvent.type(text, 'Great');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    expect(await within(dialog).findByText('Finish at least one lecture of this course before reviewing it')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
