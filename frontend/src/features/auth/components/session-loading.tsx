import { Spinner } from '@/components/spinner';
import { t } from '@/i18n/t';

/**
 * While the member's space loads: before the session has answered, and on a first page load
 * before the page's code and first answers are in. Apart from the session guard, which brings
 * the member space's data layer: the first script shows it too.
 */
export function SessionLoading() {
  return (
    <main>
      <Spinner label={t('app.loading')} />
    </main>
  );
}
