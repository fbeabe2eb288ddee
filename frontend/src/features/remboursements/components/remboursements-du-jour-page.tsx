import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import { usePageTitle } from '@/hooks/use-page-title';
import remboursementsTexts from '@/i18n/fr/remboursements.json';
import { addMessages, t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { formatAmount } from '@/lib/format-amount';
import { formatDate, formatIsoDate, parseIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/entities/personne/format-name';
import { type CompteBancaire, useBanques } from '@/api/get-banques';
import { jourQuery, type Paiement, usePrestations } from '@/api/get-prestations';
import { SignalerSoinLink } from './signaler-soin-link';
import styles from './remboursements.module.css';

addMessages(remboursementsTexts);

/**
 * `/mutuelle/remboursements/{yyyy-MM-dd}`: every payment of one day with all its lines. An address
 * that is not a day (docs/product/validation.md#dates) or a day without payments explains itself
 * and leads back to the list: never a blank page.
 */
export function RemboursementsDuJourPage() {
  const { date = '' } = useParams();
  const day = parseIsoDate(date);
  const title = day
    ? t('remboursementsDuJour.title', { date: formatDate(day) })
    : t('nav.remboursements');
  usePageTitle(title);
  const paiements = usePrestations(jourQuery(date));

  return (
    <div className="card">
      <h1 className="page-title">{title}</h1>
      {day ? (
        <AsyncPart
          query={paiements}
          loadingLabel={t('remboursements.loading')}
          placeholder={<Skeleton className={styles.skeletonCard} />}
          failureMessage={t('remboursementsDuJour.error')}
        >
          {(data) =>
            data.length === 0 ? (
              <BackToList message={t('remboursementsDuJour.none')} />
            ) : (
              <Payments paiements={data} />
            )
          }
        </AsyncPart>
      ) : (
        <BackToList message={t('remboursementsDuJour.invalidDate')} />
      )}
    </div>
  );
}

function BackToList({ message }: { message: string }) {
  return (
    <div className={styles.empty}>
      <p>{message}</p>
      <Link className="button button-secondary" to={paths.remboursements}>
        {t('remboursementsDuJour.backToList')}
      </Link>
    </div>
  );
}

function Payments({ paiements }: { paiements: readonly Paiement[] }) {
  const banques = useBanques();
  // Reimbursements paid to the member go to the account kept for them.
  const account = banques.data?.find((compte) => compte.usage === 'PRESTATIONS');
  return (
    <div className={styles.day}>
      {paiements.map((paiement) => (
        <PaymentBlock key={paiement.paymentId} paiement={paiement} account={account} />
      ))}
      <p>
        <Link to={paths.remboursements}>{t('remboursementsDuJour.backToList')}</Link>
      </p>
    </div>
  );
}

function PaymentBlock({
  paiement,
  account,
}: {
  paiement: Paiement;
  account: CompteBancaire | undefined;
}) {
  const { provider } = useBrand();
  const beneficiary = memberDisplayName('', paiement.beneficiaryFirstName, paiement.beneficiaryLastName);
  const columns = {
    care: t('remboursementsDuJour.column.care'),
    act: t('remboursementsDuJour.column.act'),
    practitioner: t('remboursementsDuJour.column.practitioner'),
    expense: t('remboursementsDuJour.column.expense'),
    secu: t('remboursementsDuJour.column.secu'),
    mutual: t('remboursementsDuJour.column.mutual', { provider }),
    remaining: t('remboursementsDuJour.column.remaining'),
  };
  return (
    <section className={styles.paymentBlock} aria-label={beneficiary}>
      <h2>{beneficiary}</h2>
      <p className={styles.paidTo}>
        {paiement.destinataire === 'ASSURE'
          ? account
            ? t('remboursementsDuJour.paidToAccount', { iban: account.ibanMasque })
            : t('remboursementsDuJour.paidToMember')
          : t('remboursementsDuJour.paidToProfessional', { name: paiement.nomDestinataire })}
      </p>
      <table className="stacked-table">
        <caption className="visually-hidden">
          {t('remboursementsDuJour.caption', { beneficiary })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{columns.care}</th>
            <th scope="col">{columns.act}</th>
            <th scope="col">{columns.practitioner}</th>
            <th scope="col" className="numeric">{columns.expense}</th>
            <th scope="col" className="numeric">{columns.secu}</th>
            <th scope="col" className="numeric">{columns.mutual}</th>
            <th scope="col" className="numeric">{columns.remaining}</th>
            <th scope="col">
              <span className="visually-hidden">{t('remboursements.signaler.colonne')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {paiement.detailRemboursement.map((ligne) => (
            <tr key={ligne.idLigne}>
              <td data-label={columns.care}>{formatIsoDate(ligne.startDate)}</td>
              <td data-label={columns.act}>{ligne.labelExternalCode}</td>
              <td data-label={columns.practitioner}>{ligne.professionnelSante || '-'}</td>
              <td data-label={columns.expense} className="numeric">
                {formatAmount(ligne.expenseAmount)}
              </td>
              <td data-label={columns.secu} className="numeric">
                {formatAmount(ligne.montantSecu)}
              </td>
              <td data-label={columns.mutual} className="numeric">
                {formatAmount(ligne.refundableAmount)}
              </td>
              <td data-label={columns.remaining} className="numeric">
                {formatAmount(ligne.resteACharge)}
              </td>
              <td>
                <SignalerSoinLink paiement={paiement} ligne={ligne} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t('remboursementsDuJour.totals')}
            </th>
            <td data-label={columns.expense} className="numeric">
              {formatAmount(paiement.montantDepense)}
            </td>
            <td data-label={columns.secu} className="numeric">
              {formatAmount(paiement.montantSecu)}
            </td>
            <td data-label={columns.mutual} className="numeric">
              {formatAmount(paiement.montantRembourse)}
            </td>
            <td data-label={columns.remaining} className="numeric">
              {formatAmount(paiement.resteACharge)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
