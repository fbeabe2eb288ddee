import { t } from '@/i18n/t';
import { useMentionLegale } from '../api/get-mention-legale';
import { ContentPage } from './content-page';

const titles = { mentionsLegales: 'content.mentionsLegales', cgu: 'content.cgu' } as const;

/** `/home/mentions-legales` and `/home/cgu`: one answer of the content service holds both. */
export function LegalPage({ part }: { part: 'mentionsLegales' | 'cgu' }) {
  return (
    <ContentPage
      query={useMentionLegale()}
      fallbackTitle={t(titles[part])}
      select={(texts) => ({ title: texts[part].Titre, html: texts[part].Contenu })}
    />
  );
}

export function MentionsLegalesPage() {
  return <LegalPage part="mentionsLegales" />;
}

export function CguPage() {
  return <LegalPage part="cgu" />;
}
