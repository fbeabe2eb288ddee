import type { ReactNode } from 'react';
import { Icon } from '@/components/icon';
import type { TileId } from '../home-tiles';

const documentOutline = 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5';

const tilePaths: Record<TileId, ReactNode> = {
  facture: <path d={`${documentOutline}M12 18v-6M9 15l3-3 3 3`} />,
  informationsPersonnelles: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-6 8-6s8 2 8 6" />
    </>
  ),
  carteTp: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </>
  ),
  garanties: <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4" />,
  cotisations: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
  estimation: (
    <>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M8 7h8M8 11h2M14 11h2M8 15h2M14 15h2M8 18h2M14 18h2" />
    </>
  ),
  resiliation: <path d={`${documentOutline}M10 13l4 4M14 13l-4 4`} />,
};

export function TileIcon({ id }: { id: TileId }) {
  return <Icon>{tilePaths[id]}</Icon>;
}
