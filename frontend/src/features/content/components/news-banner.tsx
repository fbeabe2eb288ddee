import { useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { t } from '@/i18n/t';
import type { BandeauNouveautes } from '@/types/bandeau-nouveautes';
import { inAppPath } from '../links';
import styles from './news-banner.module.css';

/**
 * The browser's say on the banner (docs/product/states.md#news-banner-visibility), under the key
 * the original portal used.
 */
export const bannerVisibilityKey = 'visible';

function storedVisibility(): boolean | null {
  const stored = localStorage.getItem(bannerVisibilityKey);
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return null;
}

/**
 * A link starting with `www.` is a website written without its scheme
 * (docs/product/home.md#news-banner).
 */
export function bannerHref(url: string): string {
  return url.startsWith('www.') ? `https://${url}` : url;
}

/**
 * The news banner. The server says whether it is visible, the browser's stored choice
 * overrides it; closing it or following its link stores `false`, so it stays closed. The
 * page that shows it loads it (the home page, with the rest of its data in one request).
 */
export function NewsBanner({ banner }: { banner: BandeauNouveautes | null }) {
  const [visibility, setVisibility] = useState(storedVisibility);

  if (!banner || !(visibility ?? banner.Visible)) return null;

  const close = () => {
    localStorage.setItem(bannerVisibilityKey, 'false');
    setVisibility(false);
  };
  const href = banner.URL ? bannerHref(banner.URL) : null;

  return (
    <section className={styles.banner} aria-label={t('banner.label')}>
      <div className={styles.body}>
        <p className={styles.title}>{banner.Libelle}</p>
        <p className={styles.text}>{banner.Texte}</p>
        {href !== null &&
          (href.startsWith('http') ? (
            <ExternalLink className={styles.link} href={href} onClick={close}>
              {t('banner.more')}
            </ExternalLink>
          ) : (
            <Link className={styles.link} to={inAppPath(href)} onClick={close}>
              {t('banner.more')}
            </Link>
          ))}
      </div>
      <button type="button" className={styles.close} onClick={close} aria-label={t('banner.close')}>
        <span aria-hidden="true">✕</span>
      </button>
    </section>
  );
}
