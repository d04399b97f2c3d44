// One query parameter of the page changed in place (history replaced, not pushed): the screens keep their period,
// mode and focus in the address so a reload or a shared link opens the same view.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useSearchParam(): [URLSearchParams, (key: string, value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === null) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, setParam];
}
