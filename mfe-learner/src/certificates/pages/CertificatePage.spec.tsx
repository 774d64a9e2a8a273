import { screen } from '@testing-library/react';
import { Route } from '@academy/routing';
import { failure, fakeServer, ok, renderAt } from '../../enrollments/testing/learningTestKit';
import { CertificatePage } from './CertificatePage';

const routes = <Route path="/certificate/:code" element={<CertificatePage />} />;

describe('Certificate verification page', () => {
  it('confirms a genuine certificate to anyone, signed in or not', async () => {
    const requests = fakeServer((request) =>
      request.path === '/api/certificates/verify/AC-7K3M-PQ9R-2XTW'
        ? ok({ certificate: { code: 'AC-7K3M-PQ9R-2XTW', studentName: 'Aarav Sharma', courseTitle: 'Algebra Foundations', courseId: 'course-1', issuedAt: '2026-03-05T10:00:00.000Z' } })
        : undefined,
    );
    renderAt('/certificate/AC-7K3M-PQ9R-2XTW', routes);
    expect(await screen.findByText('✓ Verified certificate')).toBeInTheDocument();
    expect(screen.getByText('Aarav Sharma')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Algebra Foundations' })).toHaveAttribute('href', '/course/course-1');
    expect(screen.getByText('05/03/2026')).toBeInTheDocument();
    expect(requests[0]!.headers.Authorization).toBeUndefined();
  });

  it('says when a code is not genuine', async () => {
    fakeServer(() => failure(404, 'No certificate has this code'));
    renderAt('/certificate/AC-0000-0000-0000', routes);
    expect(await screen.findByRole('heading', { name: 'Certificate not verified' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No certificate has this code');
  });
});
