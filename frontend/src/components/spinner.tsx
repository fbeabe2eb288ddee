import styles from './spinner.module.css';

/** A busy indicator announced politely to screen readers with `label`. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className={styles.wrapper} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
