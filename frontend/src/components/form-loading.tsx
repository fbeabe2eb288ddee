import { t } from '@/i18n/t';
import { Spinner } from './spinner';

/**
 * Stands in for a form while its code arrives (with the forms library, loaded with the step
 * or the part that shows a form rather than with its page): the wait announced, and the
 * form's place kept by the caller's class, so that what is below does not move when it comes.
 */
export function FormLoading({ className }: { className?: string | undefined }) {
  return (
    <div className={className}>
      <Spinner label={t('common.formLoading')} />
    </div>
  );
}
