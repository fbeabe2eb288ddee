import { useId } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { inAppPath } from '../links';
import { useBlocGauche } from '../api/get-bloc-gauche';
import styles from './left-block.module.css';

/** A link that contains "http" leaves the portal (docs/product/shell.md#left-block). */
export function isExternalLink(link: string): boolean {
  return link.includes('http');
}

/**
 * The promotional panel of the sidebar for the current page. Nothing when the content
 * service has no block for it, and nothing either when the block cannot be loaded
 * (a load error empties the block: docs/product/errors.md#content-failures).
 */
export function LeftBlock({ pathname }: { pathname: string }) {
  const { data: block, error } = useBlocGauche(pathname);
  const titleId = useId();
  if (!block || error !== undefined) return null;

  const { Lien, LienTitre } = block;
  return (
    <aside className={styles.block} aria-labelledby={titleId}>
      {block.Image?.content && <img className={styles.image} src={block.Image.content} alt="" />}
      <h2 id={titleId} className={styles.title}>
        {block.Titre}
      </h2>
      {Lien &&
        LienTitre &&
        (isExternalLink(Lien) ? (
          <ExternalLink className={styles.link} href={Lien}>
            {LienTitre}
          </ExternalLink>
        ) : (
          <Link className={styles.link} to={inAppPath(Lien)}>
            {LienTitre}
          </Link>
        ))}
    </aside>
  );
}
