import { describe, expect, it } from 'vitest';
import { aLigne, aPaiement } from '@/test/fixtures';
import { remboursementsCsv } from './remboursements-csv';
import remboursementsTexts from '@/i18n/fr/remboursements.json';
import { addMessages } from '@/i18n/t';

// The page that shows these texts adds their section of the catalogue (see i18n/catalogue.ts).
addMessages(remboursementsTexts);

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const bytes = (text: string) => new TextEncoder().encode(text);

describe('the CSV export', () => {
  it('starts with the UTF-8 byte-order mark and a French header, lines ending CRLF', () => {
    const csv = bytes(remboursementsCsv([], 'Cogévie'));
    expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(decoder.decode(csv)).toBe(
      '\uFEFFDate de paiement;Bénéficiaire;Date des soins;Acte;Professionnel de santé;' +
        'Montant réel;Part Sécurité sociale;Remb. Cogévie;Reste à charge;Versé à\r\n',
    );
  });

  it('writes one row per line, dates dd/MM/yyyy and decimal commas', () => {
    const csv = remboursementsCsv(
      [
        aPaiement({
          detailRemboursement: [
            aLigne(),
            aLigne({ labelExternalCode: 'Verres', expenseAmount: 1234.5, refundableAmount: 0.1 }),
          ],
        }),
      ],
      'Cogévie',
    );
    expect(csv.split('\r\n').slice(1)).toEqual([
      '17/11/2026;Marie DUPONT;10/11/2026;Consultation généraliste;Dr Martin;30,00;20,00;9,00;1,00;Marie DUPONT',
      '17/11/2026;Marie DUPONT;10/11/2026;Verres;Dr Martin;1234,50;20,00;0,10;1,00;Marie DUPONT',
      '',
    ]);
  });

  it('quotes a value holding a separator, a quote or a line break', () => {
    const csv = remboursementsCsv(
      [
        aPaiement({
          nomDestinataire: 'Optique "Vue; Nette"',
          detailRemboursement: [aLigne({ labelExternalCode: 'Monture\nenfant', startDate: 'inconnue' })],
        }),
      ],
      'Cogévie',
    );
    expect(csv.split('\r\n')[1]).toBe(
      '17/11/2026;Marie DUPONT;;"Monture\nenfant";Dr Martin;30,00;20,00;9,00;1,00;"Optique ""Vue; Nette"""',
    );
  });
});
