import { createContext, useContext } from 'react';

/** The content page of the member's broker (its contacts), as the sidebar's menu lists it. */
export interface PageCourtier {
  titre: string;
  to: string;
}

/**
 * Provided by the shell, which reads the content menus for its sidebar; `null` when the
 * menu has no page for the member's broker (or has not arrived). The pages that send the
 * member to their broker link to it.
 */
export const PageCourtierContext = createContext<PageCourtier | null>(null);

export function usePageCourtier(): PageCourtier | null {
  return useContext(PageCourtierContext);
}
