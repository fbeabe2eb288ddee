import styles from './skeleton.module.css';

/**
 * A shimmering block standing in for content that has not loaded. Its size comes from the
 * caller's class (the Content-Security-Policy forbids inline styles); it is hidden from
 * assistive technologies, which get the caller's loading status instead.
 */
export function Skeleton({ className }: { className?: string | undefined }) {
  return <div className={[styles.skeleton, className].join(' ')} aria-hidden="true" />;
}
