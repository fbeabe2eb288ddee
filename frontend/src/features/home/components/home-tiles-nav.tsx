import { Link } from 'react-router';
import { t } from '@/i18n/t';
import type { HomeTile } from '../home-tiles';
import { TileIcon } from './icons';
import styles from './home-dashboard.module.css';

/** The shortcuts of the home page, as a navigation list of tiles. */
export function HomeTilesNav({ tiles }: { tiles: HomeTile[] }) {
  return (
    <nav aria-label={t('home.tiles.label')} className={styles.tilesNav}>
      <ul className={styles.tiles}>
        {tiles.map((tile) => (
          <li key={tile.id}>
            <Link to={tile.to} className={styles.tile}>
              <span className={styles.tileIcon}>
                <TileIcon id={tile.id} />
              </span>
              <span className={styles.tileLabel}>{tile.label}</span>
              {tile.detail !== undefined && (
                <span className={styles.tileDetail}>{tile.detail}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
