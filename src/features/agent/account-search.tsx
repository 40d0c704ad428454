import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { recordStyles } from '../../ui/records-layout.tsx';
import styles from './agent.module.css';

/** The account search of the agent's lists: sent with the button or Enter, so each search is one request. */
export function AccountSearch({ initial = '', onSearch }: { initial?: string; onSearch: (account: string) => void }) {
  const t = useT();
  const id = useId();
  const [account, setAccount] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(account.trim());
  };
  // A search landmark: an empty search is a query too (everyone), so nothing in it is ever in error.
  return (
    <search>
      <form className={styles.search} onSubmit={submit}>
      <div className={recordStyles.field}>
        <label className={recordStyles.label} htmlFor={id}>
          {t('agent.search.account')}
        </label>
        <div className={recordStyles.control}>
          <input id={id} type="search" className={recordStyles.input} value={account} maxLength={32} autoComplete="off" onChange={(e) => setAccount(e.target.value)} />
        </div>
      </div>
      <Button type="submit" variant="secondary" compact>
        {t('agent.search.submit')}
      </Button>
      </form>
    </search>
  );
}
