import { useId } from 'react';
import { Link } from 'react-router';
import { t } from '@/i18n/t';
import type { HomeTile } from '../home-tiles';
import { TileIcon } from './icons';
import styles from './home-dashboard.module.css';

/**
 * The shortcuts of the home page, as a navigation list of tiles. A tile is named by its label
 * alone; its second line describes it (`aria-describedby`), so that « Envoyer une facture » is
 * announced and found by that name whatever the line under it says.
 */
export function HomeTilesNav({ tiles }: { tiles: HomeTile[] }) {
  const ids = useId();
  return (
    <nav aria-label={t('home.tiles.label')} className={styles.tilesNav}>
      <ul className={styles.tiles}>
        {tiles.map((tile) => {
          const labelId = `${ids}-${tile.id}`;
          const detailId = `${labelId}-detail`;
          return (
            <li key={tile.id}>
              <Link
                to={tile.to}
                className={styles.tile}
                aria-labelledby={labelId}
                aria-describedby={tile.detail === undefined ? undefined : detailId}
              >
                <span className={styles.tileIcon}>
                  <TileIcon id={tile.id} />
                </span>
                <span id={labelId} className={styles.tileLabel}>
                  {tile.label}
                </span>
                {tile.detail !== undefined && (
                  <span id={detailId} className={styles.tileDetail}>
                    {tile.detail}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
