import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { CompteSaisi } from '@/entities/compte-bancaire/compte-bancaire';
import { t } from '@/i18n/t';
import { FormField } from './form-field';

interface CompteBancaireFieldsProps<T extends FieldValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<CompteSaisi>;
}

/**
 * The three fields of a bank account (the holder, the IBAN, the BIC), labelled and described
 * alike in each form that asks for one: the bank details of « Mes informations personnelles »
 * and the account of a SEPA mandate. Their rules are `entities/compte-bancaire`'s, which both
 * forms' schemas take.
 */
export function CompteBancaireFields<T extends FieldValues & CompteSaisi>({
  register,
  errors,
}: CompteBancaireFieldsProps<T>) {
  const field = (name: keyof CompteSaisi) => register(name as Path<T>);
  return (
    <>
      <FormField label={t('compte.banque.titulaire')} error={errors.titulaire?.message}>
        {(props) => <input {...props} type="text" autoComplete="name" {...field('titulaire')} />}
      </FormField>
      <FormField label={t('compte.banque.iban')} hint={t('compte.banque.ibanHint')} error={errors.iban?.message}>
        {(props) => <input {...props} type="text" autoComplete="off" spellCheck={false} {...field('iban')} />}
      </FormField>
      <FormField label={t('compte.banque.bic')} error={errors.bic?.message}>
        {(props) => <input {...props} type="text" autoComplete="off" spellCheck={false} {...field('bic')} />}
      </FormField>
    </>
  );
}
