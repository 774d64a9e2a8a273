import { createContext, useContext } from 'react';

/**
 * On the edge's render of a first screen, whether it is rendered for a phone (FirstScreenRenderRequest.phone); false
 * in the browser, which asks its own screen (a component that lays out by screen size reads this only where there is
 * no window).
 */
export const RenderedForPhoneContext = createContext(false);

export function useRenderedForPhone(): boolean {
  return useContext(RenderedForPhoneContext);
}
