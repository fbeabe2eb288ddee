import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import type { RetryableQuery } from '@/components/part-state';
import styles from './home-dashboard.module.css';

interface HomeSectionProps<T> {
  title: string;
  /** The "see everything" link of the section's header. */
  more: { label: string; to: string };
  /** The section's part of `/api/home` (`homePart`). */
  query: RetryableQuery<T[]>;
  texts: { loading: string; empty: string; failed: string };
  /** The list itself, once it has arrived with at least one item. */
  children: (items: T[]) => ReactNode;
}

/**
 * A titled list of the dashboard: skeletons while it loads, its empty text, or a failure with a
 * retry (docs/product/states.md#parts-of-a-page), so that one part that failed leaves the others
 * working.
 */
export function HomeSection<T>({
  title,
  more,
  query,
  texts,
  children,
}: HomeSectionProps<T>) {
  const titleId = useId();
  return (
    <section className={['card', styles.section].join(' ')} aria-labelledby={titleId}>
      <div className={styles.sectionHeader}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {title}
        </h2>
        <Link to={more.to} className={styles.more}>
          {more.label}
        </Link>
      </div>
      <AsyncPart
        query={query}
        loadingLabel={texts.loading}
        placeholder={(['first', 'second'] as const).map((row) => (
          <Skeleton key={row} className={styles.skeletonRow} />
        ))}
        failureMessage={texts.failed}
      >
        {(items) => (items.length === 0 ? <p className={styles.empty}>{texts.empty}</p> : children(items))}
      </AsyncPart>
    </section>
  );
}
