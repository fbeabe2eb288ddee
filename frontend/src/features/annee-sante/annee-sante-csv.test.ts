import { describe, expect, it } from 'vitest';
import { aLigne, aPaiement } from '@/test/fixtures';
import { anneeSante } from './annee-sante';
import { anneeSanteCsv, anneeSanteCsvFileName } from './annee-sante-csv';
import anneeSanteTexts from '@/i18n/fr/annee-sante.json';
import { addMessages } from '@/i18n/t';

// The page that shows these texts adds their section of the catalogue (see i18n/catalogue.ts).
addMessages(anneeSanteTexts);

const sante = anneeSante(
  [
    aPaiement({
      detailRemboursement: [
        aLigne({ startDate: '2026-02-10' }),
        aLigne({
          idLigne: 2,
          codeActe: 'OPTI',
          labelExternalCode: 'Monture; verres "progressifs"',
          startDate: '2026-11-10',
          expenseAmount: 1234.5,
          montantSecu: 0.1,
          refundableAmount: 900,
          resteACharge: 334.4,
        }),
      ],
    }),
  ],
  2026,
  [],
);

describe('the CSV export of Mon année santé', () => {
  it('starts with the UTF-8 byte-order mark, lines ending CRLF', () => {
    const csv = anneeSanteCsv(sante);
    expect(csv.startsWith('\uFEFFMois;Dépensé;Sécurité sociale;Mutuelle;Reste à charge\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('writes the twelve months and their total, then the kinds of care and theirs', () => {
    const lines = anneeSanteCsv(sante).split('\r\n');
    expect(lines.slice(1, 15)).toEqual([
      'janvier;0,00;0,00;0,00;0,00',
      'février;30,00;20,00;9,00;1,00',
      'mars;0,00;0,00;0,00;0,00',
      'avril;0,00;0,00;0,00;0,00',
      'mai;0,00;0,00;0,00;0,00',
      'juin;0,00;0,00;0,00;0,00',
      'juillet;0,00;0,00;0,00;0,00',
      'août;0,00;0,00;0,00;0,00',
      'septembre;0,00;0,00;0,00;0,00',
      'octobre;0,00;0,00;0,00;0,00',
      'novembre;1234,50;0,10;900,00;334,40',
      'décembre;0,00;0,00;0,00;0,00',
      'Total;1264,50;20,10;909,00;335,40',
      '',
    ]);
    expect(lines.slice(15)).toEqual([
      'Soins;Dépensé;Sécurité sociale;Mutuelle;Reste à charge',
      '"Monture; verres ""progressifs""";1234,50;0,10;900,00;334,40',
      'Consultation généraliste;30,00;20,00;9,00;1,00',
      'Total;1264,50;20,10;909,00;335,40',
      '',
    ]);
  });

  it('is named after its year', () => {
    expect(anneeSanteCsvFileName(2026)).toBe('annee-sante-2026.csv');
  });
});
