import { createContext, useContext } from 'react';
import { type Brand, defaultBrand } from '@/config/brand';

/** The brand read once at start-up (main.tsx); tests get the defaults or their own. */
export const BrandContext = createContext<Brand>(defaultBrand);

export function useBrand(): Brand {
  return useContext(BrandContext);
}
