// Maps a failed call to the translated text of its error code.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type TErrorCode } from '@quayline/domain';
import { isApiError } from '@/lib/api-client';

export function errorCodeOf(error: unknown): TErrorCode | 'NETWORK' | 'HTTP' | null {
  if (!error) return null;
  if (isApiError(error)) return error.code;
  return 'HTTP';
}

export function useErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown): string | null => {
      const code = errorCodeOf(error);
      if (!code) return null;
      if (code === 'NETWORK') return t('errors.network');
      if ((ERROR_CODES as readonly string[]).includes(code)) return t(`errors.${code as TErrorCode}`);
      return t('errors.generic');
    },
    [t],
  );
}
