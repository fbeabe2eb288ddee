import { t } from '@/i18n/t';
import styles from './captcha.module.css';
import type { Captcha } from './use-captcha';

/** A hosted provider's widget, above the send button; nothing for ALTCHA, which is invisible. */
export function CaptchaWidget({ captcha }: { captcha: Captcha }) {
  const { hosted, widgetRef } = captcha;
  return hosted && <div ref={widgetRef} className={styles.widget} />;
}

/**
 * Beside the send button: says, politely, that the send waits for the anti-robot check. Empty
 * the rest of the time, but always there, since a live region only reliably announces what
 * changes inside it once on the page.
 */
export function CaptchaWaiting({ captcha }: { captcha: Captcha }) {
  return (
    <p role="status" className={styles.waiting}>
      {captcha.waiting ? t('captcha.verification') : ''}
    </p>
  );
}
