import type { ReactNode } from 'react';
import { t } from '@/i18n/t';

interface ExternalLinkProps {
  href: string;
  className?: string | undefined;
  onClick?: (() => void) | undefined;
  children: ReactNode;
}

/**
 * A link that opens another site in a new tab. `noopener noreferrer` keeps that site from
 * reaching back into the portal's window and from learning which page of the member's space
 * sent them; the hidden text warns screen-reader users of the new tab (RGAA 13.2).
 */
export function ExternalLink({ href, className, onClick, children }: ExternalLinkProps) {
  return (
    <a
      href={href}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
    >
      {children} <span className="visually-hidden">{t('app.newTab')}</span>
    </a>
  );
}
