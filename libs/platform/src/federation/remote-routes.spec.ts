import type { RemoteName } from '../config/runtime-config';
import { matchRemote, type RouteTables, type RouteTableState } from './remote-routes';

const loaded = (pages: string[], extra: { fallbacks?: string[]; ownChrome?: boolean } = {}): RouteTableState => ({
  status: 'loaded',
  table: { pages, fallbacks: extra.fallbacks ?? [], ownChrome: extra.ownChrome ?? false },
});
const learner = loaded(['/', '/course-list', '/course-list/:input', '/course/:id', '/player/:courseId']);
const educator = loaded(['/educator', '/educator/add-course', '/educator/edit-course/:courseId'], { fallbacks: ['/educator/*'], ownChrome: true });
const info = loaded(['/about', '/frequently-asked-questions']);
const all: RouteTables = { learner, educator, info };
const loading: RouteTableState = { status: 'loading' };
const failed: RouteTableState = { status: 'failed', message: '404' };

describe('matchRemote', () => {
  it.each([
    ['/', 'learner'],
    ['/course-list/algebra', 'learner'],
    ['/course/6650f0', 'learner'],
    ['/educator', 'educator'],
    ['/educator/edit-course/42', 'educator'],
    ['/educator/no-such-page', 'educator'],
    ['/about', 'info'],
    ['/About/', 'info'],
  ])('%s belongs to %s, as its manifest says', (pathname, remote) => {
    expect(matchRemote(pathname, all)).toMatchObject({ status: 'found', remote, moduleId: `${remote}/App` });
  });

  it.each(['/nowhere', '/course', '/course/1/extra', '/player', '/educators', '/loading/course-list'])(
    '%s belongs to no remote',
    (pathname) => expect(matchRemote(pathname, all)).toEqual({ status: 'none' }),
  );

  it('says which remotes bring their own chrome', () => {
    expect(matchRemote('/educator/no-such-page', all)).toMatchObject({ ownChrome: true });
    expect(matchRemote('/about', all)).toMatchObject({ ownChrome: false });
  });

  it('answers a page as soon as its remote has published it, whatever the others do', () => {
    expect(matchRemote('/', { learner, educator: loading, info: failed })).toMatchObject({ status: 'found', remote: 'learner' });
  });

  it('waits for every remote before a fallback or not-found, as a later one may have the page', () => {
    const tables = (overrides: Partial<Record<RemoteName, RouteTableState>>): RouteTables => ({ ...all, ...overrides });
    expect(matchRemote('/educator/no-such-page', tables({ learner: loading }))).toEqual({ status: 'pending' });
    expect(matchRemote('/nowhere', tables({ info: loading }))).toEqual({ status: 'pending' });
  });

  it('is unavailable, not missing, when a remote that might serve the path could not be asked', () => {
    expect(matchRemote('/about', { learner, educator, info: failed })).toEqual({ status: 'unavailable', remotes: ['info'] });
  });
});
