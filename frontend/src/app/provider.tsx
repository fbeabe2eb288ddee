import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';

const swrConfig: SWRConfiguration = {
  // Every fetch goes through the server to the member API. Member data only changes when the
  // member acts in this portal (and those actions revalidate what they touch), so refetching
  // everything whenever the tab regains focus would only add upstream load.
  revalidateOnFocus: false,
};

export function AppProvider({ children }: { children: ReactNode }) {
  return <SWRConfig value={swrConfig}>{children}</SWRConfig>;
}
