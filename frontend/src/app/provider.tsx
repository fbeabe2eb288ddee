import type { ReactNode } from 'react';
import type { Brand } from '@/config/brand';
import { BrandContext } from '@/hooks/brand-context';

export function AppProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  return <BrandContext value={brand}>{children}</BrandContext>;
}
