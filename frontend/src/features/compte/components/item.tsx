/** One term and its value in a part's `<dl className={styles.items}>`. */
export function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
