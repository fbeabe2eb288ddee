import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import type { Brand } from '@/lib/brand';
import { BrandContext } from '@/lib/brand-context';

const swrConfig: SWRConfiguration = {
  // Every fetch goes through the server to the member API. Member data only changes when the
  // member acts in this portal (and those actions revalidate what they touch), so refetching
  // everything whenever the tab regains focus would only add upstream load.
  revalidateOnFocus: false,
};

export function AppProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  return (
    <BrandContext value={brand}>
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
    </BrandContext>
  );
}
