import { describe, expect, it } from 'vitest';
import creationTexts from '@/i18n/fr/creation.json';
import { addMessages } from '@/i18n/t';
import { maxTaille, selectFiles } from './document-files';
import { formatTaille } from './format-taille';

// The page that shows these texts adds their section of the catalogue (see i18n/catalogue.ts).
addMessages(creationTexts);

function aFile(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('the files a request takes', () => {
  it('are PDF, JPEG or PNG, known by their type or, without one, by their name', () => {
    const { accepted, refusals } = selectFiles(0, [
      aFile('a.pdf', 'application/pdf'),
      aFile('b.jpg', 'image/jpeg'),
      aFile('c.png', 'image/png'),
      aFile('d.jpeg', ''),
      aFile('e.exe', 'application/x-msdownload'),
      aFile('f.heic', 'image/heic'),
    ]);

    expect(accepted.map((file) => file.name)).toEqual(['a.pdf', 'b.jpg', 'c.png', 'd.jpeg']);
    expect(refusals).toEqual([
      '« e.exe » n’est ni un PDF, ni une image JPEG ou PNG : seuls ces formats sont acceptés.',
      '« f.heic » n’est ni un PDF, ni une image JPEG ou PNG : seuls ces formats sont acceptés.',
    ]);
  });

  it('weigh 10 Mo at most each', () => {
    const { accepted, refusals } = selectFiles(0, [
      aFile('juste.pdf', 'application/pdf', maxTaille),
      aFile('lourd.pdf', 'application/pdf', 11 * 1024 * 1024),
    ]);

    expect(accepted.map((file) => file.name)).toEqual(['juste.pdf']);
    expect(refusals).toEqual([
      '« lourd.pdf » dépasse 10 Mo : réduisez-le (une photo moins grande, un PDF compressé) puis ajoutez-le.',
    ]);
  });

  it('are five at most: a sixth is not added', () => {
    const { accepted, refusals } = selectFiles(4, [
      aFile('cinquieme.pdf', 'application/pdf'),
      aFile('sixieme.pdf', 'application/pdf'),
    ]);

    expect(accepted.map((file) => file.name)).toEqual(['cinquieme.pdf']);
    expect(refusals).toEqual(['Vous pouvez joindre au plus 5 fichiers : « sixieme.pdf » n’a pas été ajouté.']);
  });
});

describe('a file’s size', () => {
  it.each([
    [512, '512 octets'],
    [48_000, '47 Ko'],
    [1_258_291, '1,2 Mo'],
  ])('reads %d bytes as "%s"', (bytes, text) => {
    expect(formatTaille(bytes)).toBe(text);
  });
});
