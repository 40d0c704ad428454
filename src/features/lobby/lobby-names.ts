import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** Category names of the menus (lobby.category.<CATEGORY>); unknown ones show their code. */
export function useCategoryName() {
  const intl = useIntl();
  return useCallback(
    (category: string) => {
      const id = `lobby.category.${category}`;
      return id in intl.messages ? intl.formatMessage({ id }) : category;
    },
    [intl],
  );
}

/** Classify names (lobby.classify.<CLASSIFY>); unknown ones show their code. */
export function useClassifyName() {
  const intl = useIntl();
  return useCallback(
    (classify: string) => {
      const id = `lobby.classify.${classify}`;
      return id in intl.messages ? intl.formatMessage({ id }) : classify.replace(/_/g, ' ');
    },
    [intl],
  );
}
