import { useEffect, useRef } from 'react';
import { t } from '@/i18n/t';

/**
 * Above a sensitive form taken up after the member signed in again (`kept-across-sign-in.ts`):
 * what they typed is back, to check and confirm once more. It takes the focus as the form
 * appears, the page having just loaded, so that a screen reader starts there.
 */
export function SignedInAgainNotice() {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    notice.current?.focus();
  }, []);
  return (
    <p ref={notice} tabIndex={-1} role="status" className="notice-success">
      {t('reconnexion.reprise')}
    </p>
  );
}
