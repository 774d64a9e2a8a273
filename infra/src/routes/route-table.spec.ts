import { loadRouteTable, matchRoute } from './route-table.js';

const table = loadRouteTable();

describe('route table', () => {
  it.each([
    ['/api/course/all', 'catalogue'],
    ['/api/course/abc123', 'catalogue'],
    ['/api/educator/add-course', 'catalogue'],
    ['/api/educator/courses', 'catalogue'],
    ['/media/thumbnails/x.png', 'catalogue'],
    ['/api/user/purchase', 'commerce'],
    ['/api/user/purchases', 'commerce'],
    ['/api/user/purchases/0b7c/receipts/payment', 'commerce'],
    ['/api/user/verifyRazorpay', 'commerce'],
    ['/api/payments/razorpay/webhook', 'commerce'],
    ['/api/educator/dashboard', 'commerce'],
    ['/api/educator/enrolledStudents', 'commerce'],
    ['/api/user/data', 'progress'],
    ['/api/user/enrolled-courses', 'progress'],
    ['/api/user/get-course-progress', 'progress'],
    ['/api/user/update-course-progress', 'progress'],
    ['/api/user/add-rating', 'progress'],
    ['/api/certificates/course/c-1', 'progress'],
  ])('sends %s to %s', (pathname, service) => {
    expect(matchRoute(table, pathname)).toMatchObject({ kind: 'service', service });
  });

  it('matches whole path segments, so a longer word is not captured by a shorter route', () => {
    expect(matchRoute(table, '/api/user/database')).toEqual({ kind: 'api-not-found' });
    expect(matchRoute(table, '/api/user/data/extra')).toMatchObject({ kind: 'service', service: 'progress' });
  });

  it('lets the longest prefix win over a shorter one that also matches', () => {
    const custom = {
      ...table,
      api: [
        { prefix: '/api/user/', service: 'progress' as const },
        { prefix: '/api/user/purchase', service: 'commerce' as const },
      ],
    };
    expect(matchRoute(custom, '/api/user/purchase')).toMatchObject({ service: 'commerce' });
    expect(matchRoute(custom, '/api/user/other')).toMatchObject({ service: 'progress' });
  });

  it('denies /internal/ paths, even ones a service owns', () => {
    expect(matchRoute(table, '/internal/courses/1/price')).toMatchObject({ kind: 'denied' });
    expect(matchRoute(table, '/internal')).toMatchObject({ kind: 'denied' });
  });

  it('answers unknown /api paths as not found instead of serving the shell', () => {
    expect(matchRoute(table, '/api/unknown')).toEqual({ kind: 'api-not-found' });
    expect(matchRoute(table, '/api')).toEqual({ kind: 'api-not-found' });
  });

  it('serves the remotes from their own mounts and everything else from the shell', () => {
    expect(matchRoute(table, '/mfe/learner/mf-manifest.json')).toMatchObject({ kind: 'static', mount: { app: 'learner' } });
    expect(matchRoute(table, '/mfe/educator/remoteEntry.js')).toMatchObject({ kind: 'static', mount: { app: 'educator' } });
    expect(matchRoute(table, '/mfe/info/x.js')).toMatchObject({ kind: 'static', mount: { app: 'info' } });
    expect(matchRoute(table, '/course/42')).toMatchObject({ kind: 'static', mount: { app: 'shell' } });
    expect(matchRoute(table, '/')).toMatchObject({ kind: 'static', mount: { app: 'shell' } });
  });
});
