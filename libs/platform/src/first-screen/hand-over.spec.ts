import { FIRST_SCREEN_ELEMENT_ID } from '@academy/contracts';
import { firstScreenWasForAnotherVisitor, handOverFirstScreen } from './hand-over';

/** The edge's HTML: the rendered first screen, and the portal's root hidden beside it. */
function edgePage(renderedMain: string): { rendered: HTMLElement; root: HTMLElement } {
  document.body.innerHTML = `<div id="${FIRST_SCREEN_ELEMENT_ID}" inert><nav>chrome</nav><main>${renderedMain}</main></div><div id="root" hidden></div>`;
  return { rendered: document.getElementById(FIRST_SCREEN_ELEMENT_ID)!, root: document.getElementById('root')! };
}

/** One commit of the portal's render (mutation records are delivered in a microtask, as after React's commit). */
async function commit(root: HTMLElement, main: string): Promise<void> {
  root.innerHTML = `<nav>chrome</nav><main>${main}</main>`;
  await Promise.resolve();
}

const handedOver = (rendered: HTMLElement, root: HTMLElement) => !rendered.isConnected && !root.hidden;

describe('the portal takes over from the first screen the edge rendered', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps the rendered screen while the portal still loads the page, and takes its place once it shows the same page', async () => {
    const { rendered, root } = edgePage('<link rel="preload" as="image" href="/a.svg"><div class="home-page"><h1>Learn</h1></div>');
    handOverFirstScreen(root);
    await commit(root, '<div class="loading-view" role="status">Loading</div>');
    expect(handedOver(rendered, root)).toBe(false);
    await commit(root, '<div class="home-page"><h1>Learn</h1></div>');
    expect(handedOver(rendered, root)).toBe(true);
  });

  it('takes the same page laid out for another screen than the edge guessed (a modifier class apart) as the same page', async () => {
    const { rendered, root } = edgePage('<div class="course-detail"><h1>Algebra</h1></div>');
    handOverFirstScreen(root);
    await commit(root, '<div class="course-list"><h1>Courses</h1></div>');
    expect(handedOver(rendered, root)).toBe(false);
    await commit(root, '<div class="course-detail course-detail--with-buy-bar"><h1>Algebra</h1></div>');
    expect(handedOver(rendered, root)).toBe(true);
  });

  it('waits while the page shows more loading views than the rendered one did (its data is still on the way)', async () => {
    const { rendered, root } = edgePage('<div class="course-list"><ul class="course-grid"><li>Algebra</li></ul></div>');
    handOverFirstScreen(root);
    await commit(root, '<div class="course-list"><div role="status">Loading courses</div></div>');
    expect(handedOver(rendered, root)).toBe(false);
    await commit(root, '<div class="course-list"><ul class="course-grid"><li>Algebra</li></ul></div>');
    expect(handedOver(rendered, root)).toBe(true);
  });

  it('hands over at once when the page fails, and after the longest wait whatever it shows', async () => {
    const failing = edgePage('<div class="home-page"></div>');
    handOverFirstScreen(failing.root);
    await commit(failing.root, '<section role="alert">This part of the portal is not available</section>');
    expect(handedOver(failing.rendered, failing.root)).toBe(true);

    jest.useFakeTimers();
    const stuck = edgePage('<div class="home-page"></div>');
    handOverFirstScreen(stuck.root, { maxWaitMs: 5000 });
    stuck.root.innerHTML = '<main><div class="loading-view" role="status"></div></main>';
    jest.advanceTimersByTime(4999);
    expect(handedOver(stuck.rendered, stuck.root)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(handedOver(stuck.rendered, stuck.root)).toBe(true);
  });

  it('hands over at once when the screen was rendered for another visitor, whatever the portal shows then', async () => {
    const { rendered, root } = edgePage('<div class="enrollments"><h1>My Enrollments</h1></div>');
    handOverFirstScreen(root);
    await commit(root, '<section class="login-required"><h1>Log in</h1></section>');
    expect(handedOver(rendered, root)).toBe(false);
    firstScreenWasForAnotherVisitor();
    expect(handedOver(rendered, root)).toBe(true);
  });

  it('hands over when told to (the portal could not start), and does nothing on a page the edge did not render', async () => {
    const { rendered, root } = edgePage('<div class="home-page"></div>');
    handOverFirstScreen(root)();
    expect(handedOver(rendered, root)).toBe(true);

    document.body.innerHTML = '<div id="root"></div>';
    const plainRoot = document.getElementById('root')!;
    handOverFirstScreen(plainRoot)();
    expect(plainRoot.hidden).toBe(false);
    expect(document.body.innerHTML).toBe('<div id="root"></div>');
  });
});
