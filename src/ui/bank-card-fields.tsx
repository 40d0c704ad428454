import { useCatalogPart } from '../i18n/i18n-provider.tsx';
import { useT } from '../i18n/use-t.ts';
import type { FieldErrors } from './field-errors.tsx';
import styles from './form.module.css';
import { TextField } from './text-field.tsx';

/**
 * A new bank card's fields (withdraw, security center): the bank, the account
 * name and the account number, named as the add-card call names them; their
 * errors tied to them (`errors`).
 */
export function BankCardFields({ banks, errors }: { banks: readonly string[]; errors: FieldErrors }) {
  useCatalogPart('money');
  const t = useT();
  return (
    <>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="card-bank">
          {t('money.card.bank')}
        </label>
        <div className={styles.control}>
          <select id="card-bank" name="bankName" className={styles.select} defaultValue={banks[0]}>
            {banks.map((bank) => (
              <option key={bank} value={bank}>
                {bank}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField id="card-name" name="accountName" label={t('money.card.accountName')} autoComplete="name" maxLength={128} errors={errors} />
      <TextField
        id="card-number"
        name="accountNumber"
        label={t('money.card.accountNumber')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={40}
        hint={t('money.card.accountNumberHint')}
        errors={errors}
      />
    </>
  );
}

/** Which card field each error of the add-card form is about. */
export const cardErrorFields = {
  'money.card.fields': ['accountName', 'accountNumber'],
  'bankcard.number.invalid': ['accountNumber'],
  'bankcard.exists': ['accountNumber'],
} as const;
