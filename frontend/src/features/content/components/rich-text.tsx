import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { isServerPath } from '../links';
import styles from './rich-text.module.css';

/** Plain clicks only: a modified click (new tab, download…) keeps the browser's behaviour. */
function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/**
 * Rich text of the content service. The server sanitises it (an allowlist of tags and
 * attributes) before it reaches us, and the Content-Security-Policy forbids inline scripts and
 * event handlers, so anything that slipped through still could not run: no second sanitiser
 * is shipped to the browser.
 *
 * Links to the portal's own pages are followed inside the app instead of reloading it; links
 * to what the server answers itself (a document under /api, a file) load as usual.
 */
export function RichText({ html }: { html: string }) {
  const navigate = useNavigate();

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainClick(event) || !(event.target instanceof Element)) return;
    const anchor = event.target.closest('a');
    if (!anchor?.href || anchor.hasAttribute('download')) return;
    if (anchor.target !== '' && anchor.target !== '_self') return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin || isServerPath(url.pathname)) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };

  return (
    // The handler only sees clicks bubbling up from the links inside, which are keyboard
    // operable themselves (Enter on a link is a click).
    <div className={styles.richText} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
