import { Link } from 'react-router';
import { t } from '@/i18n/t';
import styles from './pagination.module.css';

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The address of a page (its other query parameters kept). */
  hrefFor: (page: number) => string;
}

/** Pages are links: the page is in the address, so back, forward and reload keep it. */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev">
              {t('pagination.previous')}
            </Link>
          ) : (
            <span aria-disabled="true">{t('pagination.previous')}</span>
          )}
        </li>
        {pages.map((number) => (
          <li key={number}>
            <Link
              to={hrefFor(number)}
              aria-current={number === page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: number })}
            >
              {number}
            </Link>
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} rel="next">
              {t('pagination.next')}
            </Link>
          ) : (
            <span aria-disabled="true">{t('pagination.next')}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
