import type { ReactNode } from 'react';
import { partState, type RetryableQuery } from './part-state';
import { PartFailure } from './part-failure';

interface AsyncPartProps<T> {
  /** The part's SWR response (or one shaped like it, see `bothQueries`). */
  query: RetryableQuery<T>;
  /** Announced to screen readers while the part loads; the placeholders are hidden from them. */
  loadingLabel?: string | undefined;
  /** The skeletons standing where the content will be. */
  placeholder: ReactNode;
  /** The class of the loading block, when it must look like the content (a card…). */
  loadingClassName?: string | undefined;
  /** Why the part is missing; "Réessayer" beside it asks again. */
  failureMessage: string;
  /** The content, once the data has arrived. */
  children: (data: T) => ReactNode;
}

/**
 * A part of a page that loads on its own: its placeholders while loading, its failure with a
 * retry, or its content (the rule is `partState`'s). The loading block is `aria-busy` until
 * the content replaces it.
 */
export function AsyncPart<T>({
  query,
  loadingLabel,
  placeholder,
  loadingClassName,
  failureMessage,
  children,
}: AsyncPartProps<T>) {
  const state = partState(query);
  if (state.status === 'ready') return children(state.data);
  if (state.status === 'failed') {
    return <PartFailure message={failureMessage} onRetry={() => void query.mutate()} />;
  }
  return (
    <div className={loadingClassName} aria-busy="true">
      {loadingLabel && (
        <span className="visually-hidden" role="status">
          {loadingLabel}
        </span>
      )}
      {placeholder}
    </div>
  );
}
