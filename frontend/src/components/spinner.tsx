import styles from './spinner.module.css';

/** The turning circle alone, for a caller that shows its own text beside it. */
export function SpinnerIcon() {
  return <span className={styles.spinner} aria-hidden="true" />;
}

/** A busy indicator announced politely to screen readers with `label`. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className={styles.wrapper} role="status">
      <SpinnerIcon />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
