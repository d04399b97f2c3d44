// Translated text of a field problem; a server text we do not know is shown as the server gave it.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TProblemMessage } from '../utils/field-problems';

export function useProblemText() {
  const { t } = useTranslation();
  return useCallback((message: TProblemMessage): string => ('key' in message ? t(`portcalls.problems.${message.key}`, message.values ?? {}) : message.text), [t]);
}
